import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { Button } from '@web/components/ui/button';

interface PagerProps {
  /** The page the server answered: its number, how many rows it holds at most, and how many match in all. */
  list: { page: number; pageSize: number; total: number };
  /** The next page is on its way: both buttons wait for it. */
  busy: boolean;
  onPage: (page: number) => void;
  texts: { label: string; previous: string; next: string; pageOf: string };
}

/** 'Anterior', 'Página 2 de 7', 'Siguiente' under a paged list; nothing for a single page. */
export function Pager({ list: { page, pageSize, total }, busy, onPage, texts }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={texts.label} className="flex flex-wrap items-center justify-between gap-2">
      <Button variant="outline" className="min-h-11" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {texts.previous}
      </Button>
      <p className="text-sm tabular-nums" aria-live="polite">
        {formatMessage(texts.pageOf, { page, pages })}
      </p>
      <Button variant="outline" className="min-h-11" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        {texts.next}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
