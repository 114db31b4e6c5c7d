import { formatMessage } from '@shared/messages';
import type { GuaranteeStatistics } from '@shared/schemas/statistics';
import { statisticsMessages } from '@shared/staff-messages/statistics';
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
