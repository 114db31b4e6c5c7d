import { formatCount } from '@shared/messages';
import { formatEuros } from '@shared/rules/money';
import type { SpendStatistics } from '@shared/schemas/statistics';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { spendStatisticsTexts as text } from '@shared/staff-messages/spend-statistics';
import { Figure, FiguresPanel } from './figure';

/** Shown once a visit of the range has a bill: a restaurant that enters none sees nothing. */
export const showsSpend = (spend: SpendStatistics) => spend.billedVisits > 0;

const euros = (cents: number | null) => (cents === null ? statisticsMessages.noData : formatEuros(cents));

/** 'Ticket medio' (issue 47): the average bill of the visits with one, per person, and how many visits have one. */
export function SpendPanel({ spend }: { spend: SpendStatistics }) {
  return (
    <FiguresPanel title={text.title} columns="lg:grid-cols-3">
      <Figure label={text.average} value={euros(spend.averageCents)} note={text.averageNote} />
      <Figure label={text.perPerson} value={euros(spend.averagePerPersonCents)} />
      <Figure label={text.billedVisits} value={String(spend.billedVisits)} note={formatCount(spend.visits, text.billedOfOne, text.billedOfMany)} />
    </FiguresPanel>
  );
}
