import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

interface TitledCardProps {
  /** The card's h3. */
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

/** A card with its h3 title (and a line under it), then its body in one column. */
export function TitledCard({ title, description, children }: TitledCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}
