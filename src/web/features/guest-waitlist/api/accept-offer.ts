import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GuestOfferView, type OfferAccepted, offerAcceptedSchema } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';
import { waitlistOfferQueryKey } from './get-waitlist-offer';

/** POST …/accept: the held place becomes the guest's reservation (pending or confirmed, as the restaurant books). */
export function acceptOffer(token: string): Promise<OfferAccepted> {
  return apiFetch(`/api/public/waitlist-offers/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    schema: offerAcceptedSchema,
  });
}

export function useAcceptOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptOffer(token),
    onSuccess: () =>
      queryClient.setQueryData(waitlistOfferQueryKey(token), (offer: GuestOfferView | undefined) =>
        offer ? { ...offer, status: 'accepted' as const } : offer,
      ),
  });
}
