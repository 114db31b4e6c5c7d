// The card guarantee in a guest's email (issue 45, decision 041): every email about a booking with a saved card says
// so, with the cancellation rule filled for that booking; the cancellation that lets the card go says that instead.
// Payments owns card_guarantees; reading it here keeps the emails' callers from importing payments.
import { and, eq } from 'drizzle-orm';
import { formatText } from '@shared/i18n/format-text.ts';
import { guaranteePolicyValues } from '@shared/i18n/guarantee-policy.ts';
import type { GuestEmailTexts } from '@shared/i18n/guest-email-texts.ts';
import type { Language } from '@shared/i18n/languages.ts';
import { cancelsFree, freeCancellationEnds } from '@shared/rules/card-guarantee.ts';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import { formatLongDate, type TemplateReservation } from '@shared/rules/templates.ts';
import type { Executor } from '../../db/client.ts';
import { cardGuarantees, type reservations } from '../../db/schema.ts';
import { guestTexts } from '../../platform/guest-language.ts';
import type { EmailBlock } from './email-layout.ts';

/** The saved card an email speaks of, with the terms it was saved under. */
export interface EmailGuarantee {
  cardLabel: string | null;
  amountPerPersonCents: number;
  freeCancellationHours: number;
  /** The cancellation this email tells of lets the card go (by the restaurant, or by the guest in time). */
  released?: boolean;
}

type Reservation = typeof reservations.$inferSelect;

/** The reservation's saved (not yet released) card, as its email at `now` speaks of it; null without one. */
export async function emailGuaranteeOf(
  db: Executor,
  reservation: Pick<Reservation, 'id' | 'reservationDate' | 'reservationTime'> & Partial<Pick<Reservation, 'status' | 'cancelledBy'>>,
  now: Date,
): Promise<EmailGuarantee | null> {
  const [card] = await db
    .select({
      cardLabel: cardGuarantees.cardLabel,
      amountPerPersonCents: cardGuarantees.amountPerPersonCents,
      freeCancellationHours: cardGuarantees.freeCancellationHours,
    })
    .from(cardGuarantees)
    .where(and(eq(cardGuarantees.reservationId, reservation.id), eq(cardGuarantees.state, 'saved')));
  if (!card) return null;
  // The same judgement payments' card-release.ts makes once the cancellation is committed.
  const released =
    reservation.status === 'cancelled' &&
    (reservation.cancelledBy !== 'guest' || cancelsFree(reservation, card.freeCancellationHours, now));
  return { ...card, released };
}

/** The guarantee's paragraph under the card guarantee's title (the booking page's), or nothing without a card. */
export function guaranteeBlocks(
  booking: TemplateReservation & { guarantee?: EmailGuarantee | null },
  { t, language }: { t: GuestEmailTexts; language: Language },
): EmailBlock[] {
  const guarantee = booking.guarantee;
  if (!guarantee) return [];
  const title = guestTexts(language).reservation.guarantee.title;
  return [{ kind: 'text', text: `${title}\n${guarantee.released ? t.cardGuarantee.released : policyText(guarantee, booking, t, language)}` }];
}

function policyText(guarantee: EmailGuarantee, booking: TemplateReservation, t: GuestEmailTexts, language: Language): string {
  const { amount, total } = guaranteePolicyValues(guarantee, booking.numberOfPeople, language);
  const card = guarantee.cardLabel ? ` (${guarantee.cardLabel})` : '';
  if (guarantee.freeCancellationHours <= 0) return formatText(t.cardGuarantee.policyNoFreeCancellation, { card, amount, total }, language);
  const ends = freeCancellationEnds(booking, guarantee.freeCancellationHours);
  const date = formatLongDate(madridToday(ends), language);
  return formatText(t.cardGuarantee.policy, { card, amount, total, date, time: madridNowTime(ends) }, language);
}
