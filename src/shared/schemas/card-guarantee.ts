// 'Garantía con tarjeta' (issue 45): the owner's rules, stored in restaurant_config.card_guarantee.
import { z } from 'zod';
import { ADMIN_PARTY_MAX } from '../limits.ts';
import { compareTime, isValidDate, isValidTime } from '../rules/madrid-time.ts';
import { cardGuaranteeMessages } from '../staff-messages/payments.ts';

/** 'Garantía con tarjeta' (issue 45): the owner's bounds. Money is integer cents in euros. */
export const GUARANTEE_AMOUNT_PER_PERSON_MIN_CENTS = 100;
export const GUARANTEE_AMOUNT_PER_PERSON_MAX_CENTS = 50_000;
export const GUARANTEE_FREE_CANCELLATION_HOURS_MAX = 168;
/** How long a booking waits for its card before its place is given back; Stripe's own expiry cannot be under 30. */
export const GUARANTEE_HOLD_MINUTES_MIN = 5;
export const GUARANTEE_HOLD_MINUTES_MAX = 60;
export const GUARANTEE_WINDOWS_MAX = 21;
export const GUARANTEE_DATES_MAX = 60;

const v = cardGuaranteeMessages.validation;
const time = z.string().refine(isValidTime, v.time);
const whole = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A weekday (0 Sunday … 6 Saturday) and the booking times it covers, both ends included. */
export const guaranteeWindowSchema = z
  .object({ weekday: whole(0, 6, v.weekday), from: time, to: time })
  .refine((window) => compareTime(window.from, window.to) <= 0, { message: v.windowOrder, path: ['to'] });

export const cardGuaranteeRulesSchema = z.object({
  enabled: z.boolean(),
  /** Parties of this many people or more; null: any size. */
  fromPeople: whole(1, ADMIN_PARTY_MAX, v.fromPeople).nullable(),
  windows: z.array(guaranteeWindowSchema).max(GUARANTEE_WINDOWS_MAX, v.tooMany),
  /** Dates the owner marks (24 and 31 December…), each 'YYYY-MM-DD'. */
  dates: z.array(z.string().refine(isValidDate, v.date)).max(GUARANTEE_DATES_MAX, v.tooMany),
  amountPerPersonCents: whole(GUARANTEE_AMOUNT_PER_PERSON_MIN_CENTS, GUARANTEE_AMOUNT_PER_PERSON_MAX_CENTS, v.amount),
  /** The guest may cancel without a fee until this many hours before the booking. */
  freeCancellationHours: whole(0, GUARANTEE_FREE_CANCELLATION_HOURS_MAX, v.freeCancellationHours),
  /** How long a booking waits for its card. */
  holdMinutes: whole(GUARANTEE_HOLD_MINUTES_MIN, GUARANTEE_HOLD_MINUTES_MAX, v.holdMinutes),
});
export type CardGuaranteeRules = z.infer<typeof cardGuaranteeRulesSchema>;
export type GuaranteeWindow = z.infer<typeof guaranteeWindowSchema>;

/** Configuración › Reservas' fieldset: the rules, and whether 'Pagos' has a provider to ask the card through. */
export interface CardGuaranteeSettings {
  rules: CardGuaranteeRules;
  paymentsConnected: boolean;
}

/** What the booking page is told (public settings): the rules in force, without the switch (off is null there). */
export const publicCardGuaranteeSchema = cardGuaranteeRulesSchema.omit({ enabled: true });
export type PublicCardGuarantee = z.infer<typeof publicCardGuaranteeSchema>;

export const DEFAULT_CARD_GUARANTEE_RULES: CardGuaranteeRules = {
  enabled: false,
  fromPeople: 6,
  windows: [],
  dates: [],
  amountPerPersonCents: 2000,
  freeCancellationHours: 24,
  holdMinutes: 15,
};

/** What a booking that needs a guarantee is told before it is sent, and what its card is held for. */
export const guaranteeTermsSchema = z.object({
  amountPerPersonCents: z.number().int(),
  freeCancellationHours: z.number().int(),
  holdMinutes: z.number().int(),
});
export type GuaranteeTerms = z.infer<typeof guaranteeTermsSchema>;

/** GET /api/public/card-guarantees/:id: what the guest coming back from the provider's page reads. */
export const guaranteeHoldViewSchema = z.object({
  /** 'booking': a guest's request waiting for its card; 'reservation': a booking already made, asked by a link. */
  kind: z.enum(['booking', 'reservation']),
  state: z.enum(['waiting', 'booked', 'expired', 'cancelled', 'failed', 'refused']),
  reservationStatus: z.enum(['pending', 'confirmed']).nullable(),
  holdUntil: z.string(),
  reservationDate: z.string(),
  reservationTime: z.string(),
  numberOfPeople: z.number(),
  /** The rule the card answers for, shown on the link's page. */
  amountPerPersonCents: z.number(),
  freeCancellationHours: z.number(),
});
export type GuaranteeHoldView = z.infer<typeof guaranteeHoldViewSchema>;

export const guaranteeHoldParamsSchema = z.object({ id: z.uuid() });
/** The guarantee link's token (the guest's private-link token of the reservation). */
export const guaranteeLinkParamsSchema = z.object({ token: z.string().max(64) });
/** The provider's page id the return carries (Stripe's {CHECKOUT_SESSION_ID}); bounded, letters, digits and _. */
export const guaranteeReturnQuerySchema = z.object({ session_id: z.string().max(255).regex(/^\w+$/).optional() });

/** POST /api/public/no-show-charges/:token: the provider's page while the charge waits, else the guest's own page. */
export const noShowChargeApprovalSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('open'), url: z.string() }),
  z.object({ state: z.literal('settled'), reservationUrl: z.string() }),
]);
export type NoShowChargeApproval = z.infer<typeof noShowChargeApprovalSchema>;

/** GET /api/public/no-show-charge-payments/:sessionId: the charge as the guest back from its payment page reads it. */
export const noShowChargePaymentSchema = z.object({
  state: z.enum(['paid', 'processing', 'not_paid']),
  amountCents: z.number(),
});
export type NoShowChargePayment = z.infer<typeof noShowChargePaymentSchema>;
/** The provider's page id (Stripe's {CHECKOUT_SESSION_ID}): bounded, letters, digits and _. */
export const noShowChargePaymentParamsSchema = z.object({ sessionId: z.string().max(255).regex(/^\w+$/) });
