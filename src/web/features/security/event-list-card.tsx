import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '@web/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

interface EventListCardProps<T> {
  title: string;
  description: string;
  empty: string;
  query: UseQueryResult<T[]>;
  /** One keyed <li> per entry. */
  children: (entry: T) => ReactNode;
}

/** A Seguridad card over one live log, newest first: the entries, the empty text, or the query's spinner or error. */
export function EventListCard<T>({ title, description, empty, query, children }: EventListCardProps<T>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {!query.data ? (
          <QueryState query={query} />
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y text-sm" aria-label={title}>
            {query.data.map(children)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
