import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthAvailability } from '@shared/rules/calendar-days';
import { apiFetch } from '@web/lib/api';

/** Every month of every party: what a booking invalidates. */
export const monthAvailabilityQueries = ['availability', 'month'] as const;
export const monthAvailabilityQueryKey = (month: string, people: number) => [...monthAvailabilityQueries, month, people] as const;

export function getMonthAvailability(month: string, people: number, signal?: AbortSignal): Promise<MonthAvailability> {
  return apiFetch<MonthAvailability>(`/api/public/availability/month?month=${encodeURIComponent(month)}&people=${people}`, { signal });
}

/**
 * The calendar's month for the party: refetched when looked at again (a day can close or fill at any moment);
 * while another month or party loads, the last one stays on screen rather than an empty grid.
 */
export function useMonthAvailability(month: string, people: number) {
  return useQuery(
    queryOptions({
      queryKey: monthAvailabilityQueryKey(month, people),
      queryFn: ({ signal }) => getMonthAvailability(month, people, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
}
