import type { ReactNode } from 'react';
import { QueryState } from '@web/components/query-state';
import { Dialog, DialogContent, DialogHeading } from '@web/components/ui/dialog';

interface ListDialogProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: { title: string; description: string; empty: string };
  query: { data: T[] | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  children: (items: T[]) => ReactNode;
}

/** A wide dialog listing reservations: the list, 'nothing to show', or the query's spinner or error. */
export function ListDialog<T>({ open, onOpenChange, text, query, children }: ListDialogProps<T>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeading title={text.title} description={text.description} />
        {query.data ? (
          query.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.empty}</p>
          ) : (
            children(query.data)
          )
        ) : (
          <QueryState query={query} />
        )}
      </DialogContent>
    </Dialog>
  );
}
