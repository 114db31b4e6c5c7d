import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLOCK_TICK_MS } from '@shared/limits';
import type { PacedAvailability } from '@shared/rules/pacing';
import { apiFetch } from '@web/lib/api';

export const availabilityQueryKey = (date: string) => ['availability', date] as const;

export function getAvailability(date: string, signal?: AbortSignal): Promise<PacedAvailability> {
  return apiFetch<PacedAvailability>(`/api/public/availability?date=${encodeURIComponent(date)}`, { signal });
}

/**
 * Always refetched when looked at again: a pause or a time block can be set at any moment. Today's slots also
 * refresh every minute, so that passed times drop out and a new pause shows while the guest fills the form.
 */
export const availabilityQueryOptions = (date: string, { isToday = false }: { isToday?: boolean } = {}) =>
  queryOptions({
    queryKey: availabilityQueryKey(date),
    queryFn: ({ signal }) => getAvailability(date, signal),
    staleTime: 0,
    refetchInterval: isToday ? CLOCK_TICK_MS : false,
  });

/** Nothing is fetched without a date. */
export function useAvailability(date: string, options: { isToday?: boolean } = {}) {
  return useQuery({ ...availabilityQueryOptions(date, options), enabled: date !== '' });
}
