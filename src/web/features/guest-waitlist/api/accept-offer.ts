import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeldReservation } from '@shared/schemas/reservation';
import { type GuestOfferView, type GuestWaitlistView, type OfferAccepted, offerAnswerSchema } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';
import { waitlistEntryQueryKey } from './get-waitlist-entry';
import { waitlistOfferQueryKey } from './get-waitlist-offer';

type Link = 'waitlist-offers' | 'waitlist-entries';

/**
 * POST …/accept, from the offer's link or the entry's: the held place becomes the guest's reservation (pending or
 * confirmed, as the restaurant books), or, for a party the card guarantee covers, waits for the card on the
 * provider's page.
 */
export function acceptOffer(link: Link, token: string): Promise<OfferAccepted | HeldReservation> {
  return apiFetch(`/api/public/${link}/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    schema: offerAnswerSchema,
  });
}

export function useAcceptOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptOffer('waitlist-offers', token),
    onSuccess: (answer) => {
      if ('checkoutUrl' in answer) return;
      queryClient.setQueryData(waitlistOfferQueryKey(token), (offer: GuestOfferView | undefined) =>
        offer ? { ...offer, status: 'accepted' as const, booking: answer.booking } : offer,
      );
    },
  });
}

/** The entry's page accepts the offer held for it now. */
export function useAcceptEntryOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptOffer('waitlist-entries', token),
    onSuccess: (answer) => {
      if ('checkoutUrl' in answer) return;
      queryClient.setQueryData(waitlistEntryQueryKey(token), (entry: GuestWaitlistView | undefined) =>
        entry ? { ...entry, status: 'booked' as const, openOffer: null } : entry,
      );
    },
    // Refused (the hold ended, the place went): what the page shows is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: waitlistEntryQueryKey(token) }),
  });
}
