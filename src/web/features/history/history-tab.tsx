import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { historyMessages } from '@shared/staff-messages/history';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import type { HistoryPage, HistoryQuery } from '@shared/schemas/reservation-history';
import { type Section, SectionTabs } from '@web/components/section-tabs';
import { Pager } from '@web/components/pager';
import { Spinner } from '@web/components/ui/spinner';
import { StatisticsSection } from '@web/features/statistics/statistics-section';
import { QueryState } from '@web/components/query-state';
import { CancelReservation } from '@web/features/reservations/reservation-actions';
import { ArrivalButtons, ReservationCard } from '@web/features/reservations/reservation-card';
import { useStaffRole } from '@web/features/auth/session';
import { useRememberedState } from '@web/lib/remembered-state';
import { useHistory } from './api/get-history';
import { EMPTY_FILTERS, ExportCsvLink, HistoryFiltersForm, type HistoryFilters } from './history-filters';
import { useDebouncedValue } from '@web/lib/use-debounced-value';

const text = historyMessages;
const PAGER_TEXTS = { label: text.pagination, previous: text.previousPage, next: text.nextPage, pageOf: text.pageOf };

const SECTIONS: readonly Section[] = [
  { value: 'reservas', label: statisticsMessages.sections.list, Content: HistoryList },
  { value: 'estadisticas', label: statisticsMessages.sections.statistics, Content: StatisticsSection },
];

/** The Historial tab of /admin: the reservations list and, in its own section, the statistics (issue 11). */
export function HistoryTab() {
  // Sala keep the list; statistics and the CSV export are the managers' (issue 20).
  const sections = useStaffRole() === 'floor' ? SECTIONS.slice(0, 1) : SECTIONS;
  return <SectionTabs label={staffMessages.admin.tabs.history} sections={sections} />;
}

/** Every reservation, filtered, sorted and paged by the server (50 a page). */
function HistoryList() {
  // Kept while the user looks at Estadísticas or another tab, and finds the list as left on coming back.
  const [filters, setFilters] = useRememberedState<HistoryFilters>('history.filters', () => EMPTY_FILTERS);
  const [page, setPage] = useRememberedState('history.page', () => 1);
  const q = useDebouncedValue(filters.q.trim());
  const query: HistoryQuery = {
    from: filters.from || undefined,
    to: filters.to || undefined,
    status: filters.status || undefined,
    arrivalStatus: filters.arrivalStatus || undefined,
    q: q || undefined,
    sort: filters.sort,
    direction: filters.direction,
    page,
  };
  const history = useHistory(query);
  const exports = useStaffRole() !== 'floor';
  const data = history.data;

  const changeFilters = (next: HistoryFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <div className="flex flex-col gap-4">
      <HistoryFiltersForm filters={filters} onChange={changeFilters} />
      {exports && <ExportCsvLink query={query} />}
      {data ? (
        <section aria-label={text.results} aria-busy={history.isPlaceholderData} className="flex flex-col gap-3">
          <p role="status" className="flex items-center gap-2 text-sm font-medium">
            {foundText(data)}
            {history.isFetching && history.isPlaceholderData && <Spinner className="text-muted-foreground" />}
          </p>
          {data.items.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">{text.empty}</p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2">
              {data.items.map((reservation) => (
                <li key={reservation.id}>
                  <ReservationCard
                    className="h-full"
                    reservation={reservation}
                    // The server refuses an arrival for a cancelled reservation (409), so none is offered there.
                    actions={
                      reservation.status === 'cancelled'
                        ? undefined
                        : (nameId) => (
                            <>
                              <ArrivalButtons reservation={reservation} describedBy={nameId} short />
                              <CancelReservation reservation={reservation} describedBy={nameId} />
                            </>
                          )
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          <Pager list={data} busy={history.isPlaceholderData} onPage={setPage} texts={PAGER_TEXTS} />
        </section>
      ) : (
        <QueryState query={history} />
      )}
    </div>
  );
}

/** The server counts up to HISTORY_COUNT_CAP matches; beyond that it says so rather than the exact number. */
function foundText({ total, totalIsCapped }: Pick<HistoryPage, 'total' | 'totalIsCapped'>): string {
  if (totalIsCapped) return formatMessage(text.foundMoreThan, { count: total.toLocaleString('es-ES') });
  return total === 1 ? text.foundOne : formatMessage(text.found, { count: total });
}
