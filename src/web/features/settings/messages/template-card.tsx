import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

/** One message of the restaurant: its switch, subject and text under a title. */
export function TemplateCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}
