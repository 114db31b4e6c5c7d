import type { ReactNode } from 'react';
import { QueryState } from '@web/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

interface QueryCardProps<T> {
  title: string;
  intro: string;
  query: { data: T | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/** A settings card over one query: its title and intro, then the body once the data is in (a spinner or error till then). */
export function QueryCard<T>({ title, intro, query, children }: QueryCardProps<T>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{intro}</p>
        {query.data === undefined ? <QueryState query={query} /> : children(query.data)}
      </CardContent>
    </Card>
  );
}
