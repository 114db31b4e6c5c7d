import { useId } from 'react';
import { formatCount, formatMessage } from '@shared/messages';
import { formatEuros } from '@shared/rules/money';
import type { GuaranteeStatistics } from '@shared/schemas/statistics';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { Card } from '@web/components/ui/card';
import { formatRate } from '@web/lib/format';

const text = statisticsMessages.guarantee;

/** Shown when the range had a booking with a card saved: a restaurant that never used the guarantee sees nothing. */
export const showsGuarantee = (guarantee: GuaranteeStatistics) => guarantee.guaranteedReservations > 0 || guarantee.charges > 0;

type Share = GuaranteeStatistics['noShowsWithGuarantee'];

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-md border p-3">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {note && <dd className="text-sm text-muted-foreground">{note}</dd>}
    </div>
  );
}

const shareValue = (share: Share) => (share.rate === null ? statisticsMessages.noData : formatRate(share.rate));
const shareNote = (share: Share) => formatMessage(text.noShowsOf, { count: share.count, reached: share.reached });

/** 'Garantía con tarjeta': the no-show fees of the range and the no-show rate with and without a saved card. */
export function GuaranteePanel({ guarantee }: { guarantee: GuaranteeStatistics }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 p-4">
      <h3 id={headingId} className="font-semibold">
        {text.title}
      </h3>
      <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-5">
        <Figure
          label={text.charged}
          value={formatEuros(guarantee.chargedCents)}
          note={formatCount(guarantee.charges, text.charges.one, text.charges.many)}
        />
        <Figure label={text.refunded} value={formatEuros(guarantee.refundedCents)} />
        <Figure label={text.net} value={formatEuros(guarantee.netCents)} />
        <Figure label={text.noShowsWith} value={shareValue(guarantee.noShowsWithGuarantee)} note={shareNote(guarantee.noShowsWithGuarantee)} />
        <Figure
          label={text.noShowsWithout}
          value={shareValue(guarantee.noShowsWithoutGuarantee)}
          note={shareNote(guarantee.noShowsWithoutGuarantee)}
        />
      </dl>
    </Card>
  );
}
