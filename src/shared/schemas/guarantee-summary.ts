// A reservation's card guarantee and its no-show charge as the staff lists carry them (issue 45, item 4).
import { z } from 'zod';

/** A saved card: kept for its reservation, or released (no longer chargeable). */
export const CARD_GUARANTEE_STATES = ['saved', 'released'] as const;
export const PAYMENT_CHARGE_STATUSES = ['processing', 'succeeded', 'requires_authorization', 'failed'] as const;
export type PaymentChargeStatus = (typeof PAYMENT_CHARGE_STATUSES)[number];
/** What staff may charge a saved card for: the guest did not come, or cancelled after the free-cancellation limit. */
export const CHARGE_REASONS = ['no_show', 'late_cancellation'] as const;
export type ChargeReason = (typeof CHARGE_REASONS)[number];

export const chargeSummarySchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_CHARGE_STATUSES),
  amountCents: z.number(),
  people: z.number(),
  refundedCents: z.number(),
  /** The provider's reason, in Spanish, for a failed charge (or for one left processing while it was unreachable). */
  failureReason: z.string().nullable(),
});
export type ChargeSummary = z.infer<typeof chargeSummarySchema>;

export const guaranteeSummarySchema = z.object({
  /** 'link_sent': no card yet, a guarantee link is waiting for the guest (issue 45, item 7). */
  state: z.enum([...CARD_GUARANTEE_STATES, 'link_sent']),
  cardLabel: z.string().nullable(),
  amountPerPersonCents: z.number(),
  freeCancellationHours: z.number(),
  /** What the saved card may be charged for now (the server's rule); null once released or when nothing is owed. */
  chargeable: z.enum(CHARGE_REASONS).nullable(),
  /** The live charge, else the latest failed one; null before any. */
  charge: chargeSummarySchema.nullable(),
});
export type GuaranteeSummary = z.infer<typeof guaranteeSummarySchema>;
