import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isValidDate } from '@shared/rules/madrid-time';
import type { ManualTime } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

/** GET /api/admin/manual-times: the manual form's half hours on a date, 'Fuera de horario' and the covers booked. */
export function getManualTimes(date: string, signal?: AbortSignal): Promise<ManualTime[]> {
  return apiFetch<ManualTime[]>(`/api/admin/manual-times?date=${encodeURIComponent(date)}`, { signal });
}

/** Nothing is fetched while the date is incomplete; a booking or a change of hours refreshes it. */
export function useManualTimes(date: string) {
  return useQuery({
    queryKey: liveKey('reservations', 'manual-times', date),
    queryFn: ({ signal }) => getManualTimes(date, signal),
    meta: liveMeta('operating_hours', 'date_exceptions', 'monday_exceptions', 'time_blocks', 'restaurant_config'),
    enabled: isValidDate(date),
    placeholderData: keepPreviousData,
  });
}
