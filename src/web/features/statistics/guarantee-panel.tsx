import { formatCount } from '@shared/messages';
import { formatEuros } from '@shared/rules/money';
import type { GuaranteeStatistics } from '@shared/schemas/statistics';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { Figure, FiguresPanel, ShareFigure } from './figure';

const text = statisticsMessages.guarantee;

/** Shown when the range had a booking with a card saved: a restaurant that never used the guarantee sees nothing. */
export const showsGuarantee = (guarantee: GuaranteeStatistics) => guarantee.guaranteedReservations > 0 || guarantee.charges > 0;

/** 'Garantía con tarjeta': the no-show fees of the range and the no-show rate with and without a saved card. */
export function GuaranteePanel({ guarantee }: { guarantee: GuaranteeStatistics }) {
  return (
    <FiguresPanel title={text.title} columns="lg:grid-cols-5">
      <Figure
        label={text.charged}
        value={formatEuros(guarantee.chargedCents)}
        note={formatCount(guarantee.charges, text.charges.one, text.charges.many)}
      />
      <Figure label={text.refunded} value={formatEuros(guarantee.refundedCents)} />
      <Figure label={text.net} value={formatEuros(guarantee.netCents)} />
      <ShareFigure label={text.noShowsWith} share={guarantee.noShowsWithGuarantee} />
      <ShareFigure label={text.noShowsWithout} share={guarantee.noShowsWithoutGuarantee} />
    </FiguresPanel>
  );
}
