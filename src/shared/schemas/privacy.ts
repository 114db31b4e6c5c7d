// Guests' personal data under the GDPR and the LOPDGDD (issue 24): export, erasure, retention.
import { z } from 'zod';
import { guestPrivacyMessages } from '../staff-messages/guest-privacy.ts';

export const PRIVACY_ACTIONS = ['export', 'erasure', 'retention'] as const;
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number];

/** POST /api/admin/guests/:id/erasure: staff confirm that the erasure cannot be undone. */
export const guestErasureSchema = z.object({
  confirm: z.literal(true, { error: guestPrivacyMessages.confirmRequired }),
});

export const guestErasedSchema = z.object({
  guestId: z.uuid(),
  /** How many rows of each kind lost the guest's data or were deleted. */
  counts: z.record(z.string(), z.number()),
});
export type GuestErased = z.infer<typeof guestErasedSchema>;

/** GET /api/admin/security/privacy-events: the latest exports and erasures, newest first (Seguridad). */
export const privacyEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  /** Where the staff member asked from (issue 44). */
  ipAddress: z.string().nullable(),
  /** Asked by the guest from the reservation's private page. */
  byGuest: z.boolean(),
  action: z.enum(PRIVACY_ACTIONS),
  guestId: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
});
export type PrivacyEvent = z.infer<typeof privacyEventSchema>;
export const PRIVACY_EVENTS_SHOWN = 100;

/** GET /api/public/data-erasure/:token: what confirming the guest's erasure link will do. */
export interface ErasureLinkView {
  restaurant: string;
  /** The guest's pending or confirmed reservations still to come, which the erasure cancels. */
  upcoming: number;
  expiresAt: string;
}
