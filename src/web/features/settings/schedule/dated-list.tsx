import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { HeadedSection } from '@web/components/headed-section';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';

interface DatedListProps<T> {
  title: string;
  query: UseQueryResult<T[]>;
  loadError: string;
  empty: string;
  children: (item: T) => ReactNode;
}

/** A titled list read from one query, with its loading, error and empty states (Monday exceptions, time blocks). */
export function DatedList<T>({ title, query, loadError, empty, children }: DatedListProps<T>) {
  return (
    <HeadedSection title={title} level={3} headingClassName="font-semibold" className="flex flex-col gap-2 border-t pt-4">
      {query.isPending ? (
        <Spinner className="text-muted-foreground" />
      ) : query.error ? (
        <p role="alert" className="text-sm text-destructive">
          {loadError}: {errorMessage(query.error)}
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y">{query.data.map(children)}</ul>
      )}
    </HeadedSection>
  );
}

interface DatedRowProps {
  longDate: string;
  /** Lines under the date (the time range, the reason). */
  children?: ReactNode;
  deleteLabel: string;
  deleting: boolean;
  onDelete: () => void;
}

/** One entry: its long date, its details and a delete button named after it. */
export function DatedRow({ longDate, children, deleteLabel, deleting, onDelete }: DatedRowProps) {
  return (
    <li className="flex items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="font-medium first-letter:uppercase">{longDate}</p>
        {children}
      </div>
      <Button variant="ghost" size="icon" aria-label={deleteLabel} disabled={deleting} onClick={onDelete}>
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
