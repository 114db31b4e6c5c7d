import { type ReactNode, useId } from 'react';
import { formatMessage } from '@shared/messages';
import type { GuaranteeStatistics } from '@shared/schemas/statistics';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { Card } from '@web/components/ui/card';
import { formatRate } from '@web/lib/format';

/** One figure of a statistics panel: its label, its value and an optional note under it. */
export function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-md border p-3">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {note && <dd className="text-sm text-muted-foreground">{note}</dd>}
    </div>
  );
}

type Share = GuaranteeStatistics['noShowsWithGuarantee'];

/** A no-show rate, and '{count} de {reached}' under it. */
export function ShareFigure({ label, share }: { label: string; share: Share }) {
  const value = share.rate === null ? statisticsMessages.noData : formatRate(share.rate);
  return <Figure label={label} value={value} note={formatMessage(statisticsMessages.guarantee.noShowsOf, { count: share.count, reached: share.reached })} />;
}

/** A titled region of figures; `columns`: the grid's classes at the wider widths. */
export function FiguresPanel({ title, columns, children }: { title: string; columns: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 p-4">
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      <dl className={`grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 ${columns}`}>{children}</dl>
    </Card>
  );
}
