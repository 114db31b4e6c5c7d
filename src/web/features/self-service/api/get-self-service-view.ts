import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SelfServiceView, selfServiceViewSchema } from '@shared/schemas/self-service';
import { apiFetch } from '@web/lib/api';

export const selfServiceViewQueryKey = (token: string) => ['guest-reservation', token] as const;

/** A read only: opening the page never changes the reservation. */
export function getSelfServiceView(token: string, signal?: AbortSignal): Promise<SelfServiceView> {
  return apiFetch(`/api/public/guest-reservations/${encodeURIComponent(token)}`, { signal, schema: selfServiceViewSchema });
}

export const guestReservationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: selfServiceViewQueryKey(token),
    queryFn: ({ signal }) => getSelfServiceView(token, signal),
    // An unknown link stays unknown: asking again would not help.
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });

export function useSelfServiceView(token: string) {
  return useQuery(guestReservationQueryOptions(token));
}
