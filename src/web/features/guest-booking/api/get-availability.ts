import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PacedAvailability } from '@shared/rules/pacing';
import { apiFetch } from '@web/lib/api';

// The public form's endpoint; the same key, so both screens share what they fetched.
export const guestAvailabilityQueryKey = (date: string) => ['availability', date] as const;

export function getAvailability(date: string, signal?: AbortSignal): Promise<PacedAvailability> {
  return apiFetch<PacedAvailability>(`/api/public/availability?date=${encodeURIComponent(date)}`, { signal });
}

export const guestAvailabilityQueryOptions = (date: string) =>
  queryOptions({ queryKey: guestAvailabilityQueryKey(date), queryFn: ({ signal }) => getAvailability(date, signal), staleTime: 0 });

export function useGuestAvailability(date: string) {
  return useQuery({ ...guestAvailabilityQueryOptions(date), enabled: date !== '' });
}
