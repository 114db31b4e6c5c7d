// The card guarantee's way into a guest's request (issue 45). The payments module implements it and app.ts hands it
// to the booking routes: reservations never imports payments (payments places the request once the card is saved).
import type { Language } from '@shared/i18n/languages.ts';
import { type HeldReservation, heldReservationSchema } from '@shared/schemas/reservation.ts';
import type { Transaction } from '../../db/client.ts';
import type { restaurantConfig } from '../../db/schema.ts';
import type { RequestDetails, RequestOptions } from './public-service.ts';

/**
 * A guest's request as it waits for its card: everything placeRequest needs again on completion, with the options it
 * was checked under (a waitlist offer's note and leave to overlap the guest's other booking).
 */
export type HeldRequest = RequestDetails & {
  language: Language;
  specialRequirement: string;
  placing?: Pick<RequestOptions, 'adminNotes' | 'overlapAllowed'>;
};

export interface GuaranteeHold {
  holdId: string;
  holdUntil: Date;
}

export interface GuaranteeGate {
  /** The same browser sending its request again: the hold still open under this id, if any. */
  resume(tx: Transaction, request: HeldRequest): Promise<GuaranteeHold | null>;
  /** Once the request passed every rule and has its place: a hold instead of a booking, when a card is needed. */
  holdIfNeeded(tx: Transaction, request: HeldRequest, config: Pick<typeof restaurantConfig.$inferSelect, 'cardGuarantee'>): Promise<GuaranteeHold | null>;
  /** After the hold committed: the provider's page; ends the hold and throws the guest's error when it cannot. */
  checkoutUrl(holdId: string): Promise<string>;
}

/** The 202 a guest's request answers while a card is asked for, from the booking form or a waitlist offer. */
export const HELD_RESPONSE = {
  description: 'A card guarantee is asked for: nothing is booked until the guest gives it at `checkoutUrl`.',
  schema: heldReservationSchema,
};

/** That answer's body: the hold and the provider's page for the card. */
export async function heldAnswer(guarantee: GuaranteeGate, hold: GuaranteeHold): Promise<HeldReservation> {
  return {
    id: hold.holdId,
    status: 'awaiting_guarantee',
    checkoutUrl: await guarantee.checkoutUrl(hold.holdId),
    holdUntil: hold.holdUntil.toISOString(),
  };
}
