import { z } from 'zod';

// The no-show risk of an upcoming booking (issue 47, item 4; decision 043): its level and the reasons behind it,
// as the staff lists carry them. The rule itself is shared/rules/no-show-risk.ts.

export const NO_SHOW_RISK_LEVELS = ['baja', 'media', 'alta'] as const;
export type NoShowRiskLevel = (typeof NO_SHOW_RISK_LEVELS)[number];

/** Every factor the rule can count, raising (first seven) or lowering (last three) the score. */
export const NO_SHOW_RISK_REASONS = [
  'earlierNoShows',
  'lateCancellations',
  'firstVisit',
  'largeParty',
  'veryLargeParty',
  'bookedFarAhead',
  'webRequest',
  'regular',
  'guestConfirmed',
  'cardGuarantee',
] as const;
export type NoShowRiskReason = (typeof NO_SHOW_RISK_REASONS)[number];

export const noShowRiskSchema = z.object({
  level: z.enum(NO_SHOW_RISK_LEVELS),
  reasons: z.array(z.enum(NO_SHOW_RISK_REASONS)),
});
export type NoShowRisk = z.infer<typeof noShowRiskSchema>;

/** 'Llamar para confirmar' (issue 47): tomorrow's 'alta' bookings, by time, for the afternoon shift to call. */
export const callToConfirmSchema = z.object({
  date: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      customerName: z.string(),
      reservationTime: z.string(),
      numberOfPeople: z.number(),
      customerPhone: z.string().nullable(),
      /** 'tel:+34600111222': the number to dial; null without a phone. */
      phoneHref: z.string().nullable(),
      reasons: z.array(z.enum(NO_SHOW_RISK_REASONS)),
    }),
  ),
});
export type CallToConfirm = z.infer<typeof callToConfirmSchema>;
