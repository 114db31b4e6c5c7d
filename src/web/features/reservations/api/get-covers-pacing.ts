import { queryOptions, useQuery } from '@tanstack/react-query';
import { isValidDate } from '@shared/rules/madrid-time';
import type { DayPacing } from '@shared/rules/pacing';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Under the reservations table name, so a live change of reservations refreshes it. */
export const coversPacingQueryKey = (date: string) => liveKey('reservations', 'covers-pacing', date);

/** GET /api/admin/covers-pacing: the date's covers maxima and the people already booked per time. */
export function getCoversPacing(date: string, signal?: AbortSignal): Promise<DayPacing> {
  return apiFetch<DayPacing>(`/api/admin/covers-pacing?date=${encodeURIComponent(date)}`, { signal });
}

export const coversPacingQueryOptions = (date: string) =>
  queryOptions({ queryKey: coversPacingQueryKey(date), queryFn: ({ signal }) => getCoversPacing(date, signal), staleTime: 0 });

/** Nothing is fetched while the date is incomplete. */
export function useCoversPacing(date: string) {
  return useQuery({ ...coversPacingQueryOptions(date), enabled: isValidDate(date) });
}
