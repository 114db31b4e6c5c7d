import { Suspense, useState } from 'react';
import { CalendarCheck, CalendarX, UserX, Users } from 'lucide-react';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { madridToday } from '@shared/rules/madrid-time';
import { type StatisticsQuery, statisticsQuerySchema } from '@shared/schemas/statistics';
import { Spinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { QueryState } from '@web/components/query-state';
import { useRememberedState } from '@web/lib/remembered-state';
import { useStatistics } from './api/get-statistics';
import { GuaranteePanel, showsGuarantee } from './guarantee-panel';
import { MessagingPanel, showsMessaging } from './messaging-panel';
import { showsSpend, SpendPanel } from './spend-panel';
import { CoversPerDayChart, CoversPerSlotChart, LeadTimeChart, RatesChart, SourceChart } from './charts';
import { lastDays, RangePicker } from './range-picker';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

// The tickets per guest and 'Valoraciones' (issue 47) load in chunks of their own, with their texts.
const GuestSpendPanels = preloadableLazy(() => import('./guest-spend-panel').then((m) => ({ default: m.GuestSpendPanels })));
const FeedbackPanel = preloadableLazy(() => import('./feedback-panel').then((m) => ({ default: m.FeedbackPanel })));

const text = statisticsMessages;

/** The first message of a refused range, or null; the server checks the same schema. */
function rangeError(range: StatisticsQuery): string | null {
  const result = statisticsQuerySchema.safeParse(range);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Historial › Estadísticas: the figures of a chosen range (the last 30 days by default) as charts and tables. */
export function StatisticsView() {
  const [today] = useState(() => madridToday(new Date()));
  const [range, setRange] = useRememberedState<StatisticsQuery>('statistics.range', () => lastDays(today, 30));
  const error = rangeError(range);
  const statistics = useStatistics(error ? null : range);
  const data = statistics.data;
  // While a typed range is refused, the panels keep the range of the figures on screen.
  const shown: StatisticsQuery = error && data ? { from: data.from, to: data.to } : range;

  return (
    <div className="flex flex-col gap-4">
      <RangePicker range={range} today={today} error={error} onChange={setRange} />
      {data ? (
        <section aria-label={text.range} aria-busy={statistics.isPlaceholderData} className="flex flex-col gap-4">
          {statistics.isFetching && statistics.isPlaceholderData && <Spinner className="text-muted-foreground" />}
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard icon={<CalendarCheck />} label={text.reservations} value={data.totals.reservations} />
            <StatCard icon={<Users />} label={text.covers} value={data.totals.covers} />
            <StatCard icon={<UserX />} label={text.noShows} value={data.noShows.count} />
            <StatCard icon={<CalendarX />} label={text.cancellations} value={data.cancellations.count} />
          </ul>
          {showsGuarantee(data.guarantee) && <GuaranteePanel guarantee={data.guarantee} />}
          {showsMessaging(data.messaging) && <MessagingPanel messaging={data.messaging} />}
          {showsSpend(data.spend) && <SpendPanel spend={data.spend} />}
          <Suspense fallback={<Spinner className="text-muted-foreground" />}>
            {showsSpend(data.spend) && <GuestSpendPanels range={shown} />}
            <FeedbackPanel range={shown} />
          </Suspense>
          <div className="grid gap-4 lg:grid-cols-2">
            <CoversPerDayChart days={data.days} />
            <CoversPerSlotChart slots={data.slots} />
            <RatesChart noShows={data.noShows} cancellations={data.cancellations} />
            <LeadTimeChart leadTime={data.leadTime} />
            <SourceChart sources={data.sources} />
          </div>
        </section>
      ) : (
        !error && <QueryState query={statistics} />
      )}
    </div>
  );
}
