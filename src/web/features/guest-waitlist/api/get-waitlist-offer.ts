import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GuestOfferView, guestOfferViewSchema } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';

export const waitlistOfferQueryKey = (token: string) => ['guest-waitlist-offer', token] as const;

/** A read only: opening the page neither accepts nor declines the offer. */
export function getWaitlistOffer(token: string, signal?: AbortSignal): Promise<GuestOfferView> {
  return apiFetch(`/api/public/waitlist-offers/${encodeURIComponent(token)}`, { signal, schema: guestOfferViewSchema });
}

export const waitlistOfferQueryOptions = (token: string) =>
  queryOptions({
    queryKey: waitlistOfferQueryKey(token),
    queryFn: ({ signal }) => getWaitlistOffer(token, signal),
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });

export function useWaitlistOffer(token: string) {
  return useQuery(waitlistOfferQueryOptions(token));
}
