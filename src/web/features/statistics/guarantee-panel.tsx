import { useId } from 'react';
import { formatCount } from '@shared/messages';
import { formatEuros } from '@shared/rules/money';
import type { GuaranteeStatistics } from '@shared/schemas/statistics';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { Card } from '@web/components/ui/card';
import { Figure, ShareFigure } from './figure';

const text = statisticsMessages.guarantee;

/** Shown when the range had a booking with a card saved: a restaurant that never used the guarantee sees nothing. */
export const showsGuarantee = (guarantee: GuaranteeStatistics) => guarantee.guaranteedReservations > 0 || guarantee.charges > 0;

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
        <ShareFigure label={text.noShowsWith} share={guarantee.noShowsWithGuarantee} />
        <ShareFigure label={text.noShowsWithout} share={guarantee.noShowsWithoutGuarantee} />
      </dl>
    </Card>
  );
}
