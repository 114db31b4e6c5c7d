import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeldReservation } from '@shared/schemas/reservation';
import { type GuestOfferView, type OfferAccepted, offerAnswerSchema } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';
import { waitlistOfferQueryKey } from './get-waitlist-offer';

/**
 * POST …/accept: the held place becomes the guest's reservation (pending or confirmed, as the restaurant books), or,
 * for a party the card guarantee covers, waits for the card on the provider's page.
 */
export function acceptOffer(token: string): Promise<OfferAccepted | HeldReservation> {
  return apiFetch(`/api/public/waitlist-offers/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    schema: offerAnswerSchema,
  });
}

export function useAcceptOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptOffer(token),
    onSuccess: (answer) => {
      if ('checkoutUrl' in answer) return;
      queryClient.setQueryData(waitlistOfferQueryKey(token), (offer: GuestOfferView | undefined) =>
        offer ? { ...offer, status: 'accepted' as const } : offer,
      );
    },
  });
}
