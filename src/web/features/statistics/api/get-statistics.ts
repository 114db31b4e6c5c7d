import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Statistics, type StatisticsQuery, statisticsSchema } from '@shared/schemas/statistics';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Starts with the table name so that a live change of reservations refreshes the figures on screen. */
export const statisticsQueryKey = (range: StatisticsQuery) => liveKey('reservations', 'statistics', range);

export function getStatistics({ from, to }: StatisticsQuery, signal?: AbortSignal): Promise<Statistics> {
  const params = new URLSearchParams({ from, to });
  return apiFetch(`/api/admin/statistics?${params.toString()}`, { schema: statisticsSchema, signal });
}

/** Null while the range is invalid: nothing is asked. A new range keeps the previous charts until its figures arrive. */
export function useStatistics(range: StatisticsQuery | null) {
  return useQuery({
    ...queryOptions({
      queryKey: statisticsQueryKey(range ?? { from: '', to: '' }),
      queryFn: ({ signal }) => getStatistics(range!, signal),
    }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
