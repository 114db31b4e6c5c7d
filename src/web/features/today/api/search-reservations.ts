import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

/** GET /api/admin/reservations/search: today's and the coming days' bookings by name, email or any digits of the phone. */
export function searchReservations(search: string, signal?: AbortSignal): Promise<AdminReservation[]> {
  return apiFetch<AdminReservation[]>(`/api/admin/reservations/search?q=${encodeURIComponent(search)}`, { signal });
}

/** Asked only while there is something to look for; the last answer stays on screen while the next one comes. */
export function useReservationSearch(search: string) {
  return useQuery({
    queryKey: liveKey('reservations', 'search', search),
    // The rows carry the card in guarantee and its charge (issue 45).
    meta: liveMeta('card_guarantees', 'payment_charges'),
    queryFn: ({ signal }) => searchReservations(search, signal),
    enabled: search !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
