import { useQuery } from '@tanstack/react-query';
import type { PacedAvailability } from '@shared/rules/pacing';
import { apiFetch } from '@web/lib/api';

// Under the public form's key ['availability', date], so whatever refreshes a date's slots refreshes these too.
export const selfServiceAvailabilityQueryKey = (token: string, date: string) => ['availability', date, 'guest', token] as const;

/** The date's slots as the guest's change request sees them: the guest's own covers are not counted against it. */
export function getGuestAvailability(token: string, date: string, signal?: AbortSignal): Promise<PacedAvailability> {
  const path = `/api/public/guest-reservations/${encodeURIComponent(token)}/availability?date=${encodeURIComponent(date)}`;
  return apiFetch<PacedAvailability>(path, { signal });
}

export function useSelfServiceAvailability(token: string, date: string) {
  return useQuery({
    queryKey: selfServiceAvailabilityQueryKey(token, date),
    queryFn: ({ signal }) => getGuestAvailability(token, date, signal),
    staleTime: 0,
    enabled: date !== '',
  });
}
