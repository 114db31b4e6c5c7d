// 'Enviar enlace de garantía' (issue 45, item 7, decision 041): staff ask a card for a booking already made, by
// email. The link is a hold of kind 'reservation' that takes no place (the booking holds its own); its email carries
// the guest's private token, minted at delivery (decision 012), so the database holds no usable link.
import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages.ts';
import { guestText } from '@shared/i18n/text-keys.ts';
import { guaranteeLinkUntil } from '@shared/i18n/guarantee-policy.ts';
import { formatMessage } from '@shared/messages.ts';
import { guaranteeTermsFor } from '@shared/rules/card-guarantee.ts';
import { madridInstant } from '@shared/rules/madrid-time.ts';
import { GUARANTEE_LINK_PATH } from '@shared/routes.ts';
import type { GuaranteeHoldView } from '@shared/schemas/card-guarantee.ts';
import { chargeMessages } from '@shared/staff-messages/charges.ts';
import { guaranteeLinkMessages } from '@shared/staff-messages/guarantee-link.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { guaranteeHolds } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { enqueueEmail, newLinkPlaceholder } from '../../platform/outbox.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { guaranteeLinkEmail } from '../notifications/service.ts';
import { reservationIdForToken } from '../private-links/service.ts';
import { type Actor, findForUpdate, findReservation, logChange } from '../reservations/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { cardOf } from './charge-queries.ts';
import { findPaymentSettings, type PaymentsContext, paymentProvider } from './connection.ts';
import { guaranteeGate } from './guarantee-gate.ts';
import { endLinksOfInactiveBookings as endLinks, isWaiting, latestLinkHold, updateHold, waitingLinkHolds } from './hold-queries.ts';
import { holdView } from './hold-service.ts';

const text = guaranteeLinkMessages;
const HOUR_MS = 3_600_000;
/** A link serves 24 hours at most: the longest Stripe keeps a Checkout Session open. */
const LINK_HOURS = 24;

/** Staff send the guest a link to save a card for the booking; a link sent before stops serving. */
export async function sendGuaranteeLink(deps: ServiceDeps, context: PaymentsContext, reservationId: string, actor: Actor): Promise<{ holdUntil: string }> {
  const now = deps.clock.now();
  const { holdUntil, replaced } = await deps.db.transaction(async (tx) => {
    const reservation = await findForUpdate(tx, reservationId);
    if (!reservation) throw notFound(staffMessages.admin.errors.reservationNotFound);
    const config = await getRestaurantConfig(tx);
    if (!(await findPaymentSettings(tx))) throw conflict('payments_not_connected', chargeMessages.errors.notConnected);
    if (!config.cardGuarantee.enabled) throw conflict('guarantee_off', text.errors.off);
    if (reservation.status !== 'pending' && reservation.status !== 'confirmed') throw conflict('not_active', text.errors.notActive);
    const starts = madridInstant(reservation.reservationDate, reservation.reservationTime);
    if (starts.getTime() <= now.getTime()) throw conflict('reservation_past', text.errors.past);
    if (!reservation.customerEmail) throw conflict('no_email', text.errors.noEmail);
    if (await cardOf(tx, reservationId)) throw conflict('card_saved', text.errors.cardSaved);
    const terms = guaranteeTermsFor(config.cardGuarantee, reservation);
    if (!terms) throw conflict('guarantee_not_needed', text.errors.notNeeded);

    const replaced = await waitingLinkHolds(tx, reservationId);
    for (const hold of replaced) {
      await updateHold(tx, hold.id, { status: 'cancelled', endedAt: now, endReason: text.replaced });
      await recordChange(tx, { table: 'guarantee_holds', action: 'update', id: hold.id });
    }
    const holdUntil = new Date(Math.min(now.getTime() + LINK_HOURS * HOUR_MS, starts.getTime()));
    const id = randomUUID();
    await tx.insert(guaranteeHolds).values({
      id,
      kind: 'reservation',
      status: 'opening',
      reservationId,
      reservationDate: reservation.reservationDate,
      reservationTime: reservation.reservationTime,
      numberOfPeople: reservation.numberOfPeople,
      amountPerPersonCents: terms.amountPerPersonCents,
      freeCancellationHours: terms.freeCancellationHours,
      holdUntil,
      createdAt: now,
    });
    await recordChange(tx, { table: 'guarantee_holds', action: 'insert', id });

    const placeholder = newLinkPlaceholder();
    const language = reservation.language ?? DEFAULT_LANGUAGE;
    const page = new URL(`${GUARANTEE_LINK_PATH}${placeholder}`, deps.publicUrl);
    // The page opens in the guest's language, as the private link's does.
    if (language !== DEFAULT_LANGUAGE) page.searchParams.set('lang', language);
    const manageUrl = page.toString();
    const extras = { manageUrl, link: { kind: 'guest_page' as const, reservationId, placeholder } };
    await enqueueEmail(tx, guaranteeLinkEmail(config, { reservation, to: reservation.customerEmail, terms, until: holdUntil, extras }), now);
    await logChange(tx, {
      reservationId,
      at: now,
      actor,
      action: 'edited',
      changes: { guaranteeLink: [null, formatMessage(text.log.sent, { email: reservation.customerEmail, until: guaranteeLinkUntil(holdUntil, 'es') })] },
    });
    return { holdUntil, replaced };
  });
  // The previous link's page closes once the new one is committed; the minute job's fallback is Stripe's own expiry.
  await closePages(deps, context, replaced);
  return { holdUntil: holdUntil.toISOString() };
}

/** Closes the provider's pages of links that stopped serving; one left open expires with the link (Stripe's own end). */
async function closePages(deps: ServiceDeps, context: PaymentsContext, ended: ReadonlyArray<{ checkoutRef: string | null }>): Promise<void> {
  const pages = ended.flatMap((hold) => (hold.checkoutRef ? [hold.checkoutRef] : []));
  if (pages.length === 0) return;
  const provider = await paymentProvider(deps.db, context);
  for (const ref of pages) await provider?.expireSetup(ref).catch(() => undefined);
}

/**
 * A booking that is no longer pending or confirmed needs no card: its waiting link ends (staff's lists stop saying
 * 'Enlace de garantía enviado') and its page closes. Read from the reservation's own state, as card-release.ts reads
 * it, so it holds however the booking changed: on the change bus at once and in the payments minute job.
 */
export async function endLinksOfInactiveBookings(deps: ServiceDeps, context: PaymentsContext): Promise<void> {
  const ended = await deps.db.transaction(async (tx) => {
    const rows = await endLinks(tx, deps.clock.now(), text.reservationEnded);
    for (const row of rows) await recordChange(tx, { table: 'guarantee_holds', action: 'update', id: row.id });
    return rows;
  });
  await closePages(deps, context, ended);
}

const linkNotFound = () => new AppError(404, 'not_found', guestText('cardGuarantee.errors.notFound'));

/** The link's latest hold, and whether its booking is still pending or confirmed. */
async function linkHoldOf(deps: ServiceDeps, token: string) {
  const reservationId = await reservationIdForToken(deps.db, token);
  const hold = reservationId ? await latestLinkHold(deps.db, reservationId) : null;
  const reservation = reservationId ? await findReservation(deps.db, reservationId) : null;
  if (!hold || !reservation) throw linkNotFound();
  return { hold, active: reservation.status === 'pending' || reservation.status === 'confirmed' };
}

/**
 * The link's page: the booking, the rule, and whether the card is still to be saved. A booking no longer active
 * reads as one that refuses the card (its link ends within the minute: endLinksOfInactiveBookings), so the page says
 * why and asks for nothing.
 */
export async function guaranteeLinkView(deps: ServiceDeps, token: string): Promise<GuaranteeHoldView> {
  const { hold, active } = await linkHoldOf(deps, token);
  const view = holdView(hold);
  if (!active && hold.status !== 'completed') return { ...view, state: 'refused' };
  return isWaiting(hold) && hold.holdUntil <= deps.clock.now() ? { ...view, state: 'expired' } : view;
}

/** The provider's page for the link, made when the guest first asks for it. */
export async function guaranteeLinkCheckout(deps: ServiceDeps, context: PaymentsContext, token: string): Promise<{ checkoutUrl: string }> {
  const { hold, active } = await linkHoldOf(deps, token);
  if (!active) throw conflict('reservation_inactive', guestText('cardGuarantee.link.refused'));
  if (!isWaiting(hold) || hold.holdUntil <= deps.clock.now()) throw linkNotFound();
  return { checkoutUrl: await guaranteeGate(deps, context).checkoutUrl(hold.id) };
}
