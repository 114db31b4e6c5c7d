import type { ReactNode } from 'react';
import { QueryState } from '@web/components/query-state';
import { TitledCard } from '@web/components/titled-card';

interface QueryCardProps<T> {
  title: string;
  intro: string;
  query: { data: T | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/** A settings card over one query: its title and intro, then the body once the data is in (a spinner or error till then). */
export function QueryCard<T>({ title, intro, query, children }: QueryCardProps<T>) {
  return (
    <TitledCard title={title}>
      <p className="text-sm text-muted-foreground">{intro}</p>
      {query.data === undefined ? <QueryState query={query} /> : children(query.data)}
    </TitledCard>
  );
}
