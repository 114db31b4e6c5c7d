// Staff's 'Cobrar no-show' (or 'Cobrar cancelación tardía') and 'Reembolsar' (issue 45, item 4). A charge's row is
// committed before the provider is called, so two presses at once meet at the partial unique index and one charge
// goes out; the row's id is the provider's idempotency key, so a retry after the provider was unreachable charges once.
import { formatMessage } from '@shared/messages.ts';
import { noShowFeeCents } from '@shared/rules/card-guarantee.ts';
import type { ChargeSummary } from '@shared/schemas/guarantee-summary.ts';
import { chargeMessages } from '@shared/staff-messages/charges.ts';
import { paymentsMessages } from '@shared/staff-messages/payments.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { type Actor, chargeReason, findReservation, type ReservationRow } from '../reservations/service.ts';
import { authorizationEmail } from './authorization-email.ts';
import { logChargeOutcome, logRefund } from './charge-log.ts';
import * as q from './charge-queries.ts';
import { type PaymentsContext, paymentProvider } from './connection.ts';
import { type ChargeOutcome, type PaymentProvider, ProviderUnavailableError } from './provider.ts';

const text = chargeMessages;

/** Longer than a provider call can last (two attempts of 15 s): a 'processing' charge older than this was orphaned. */
const IN_FLIGHT_MS = 2 * 60_000;

export const chargeSummary = (row: q.ChargeRow): ChargeSummary => ({
  id: row.id,
  status: row.status,
  amountCents: row.amountCents,
  people: row.people,
  refundedCents: row.refundedCents,
  failureReason: row.failureReason,
});

async function connectedProvider(db: Database, payments: PaymentsContext): Promise<PaymentProvider> {
  const provider = await paymentProvider(db, payments);
  if (!provider) throw new AppError(409, 'payments_not_connected', text.errors.notConnected);
  return provider;
}

const unavailable = (message: string) => new AppError(503, 'payment_provider_unavailable', message);

/** The charge to send: a new one, or the one a press left without the provider's answer. */
async function openCharge(db: Database, now: Date, reservationId: string, people: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const reservation = await findReservation(tx, reservationId);
    if (!reservation) throw notFound(staffMessages.admin.errors.reservationNotFound);
    if (!(await chargeReason(tx, reservationId))) throw conflict('not_no_show', text.errors.notNoShow);
    const live = await q.liveCharge(tx, reservationId);
    if (live) {
      const retried = live.status === 'processing' ? await q.claimStalled(tx, live.id, now, new Date(now.getTime() - IN_FLIGHT_MS)) : null;
      const card = retried && (await q.cardOf(tx, reservationId));
      if (!retried || !card) throw conflict('already_charged', text.errors.alreadyCharged);
      return { reservation, card, charge: retried };
    }
    const card = await q.savedCard(tx, reservationId);
    if (!card) throw conflict('no_card', text.errors.noCard);
    if (people > reservation.numberOfPeople) {
      const message = formatMessage(text.errors.tooManyPeople, { max: reservation.numberOfPeople });
      throw new AppError(400, 'validation_failed', message, { people: message });
    }
    const charge = await q.insertCharge(tx, {
      reservationId,
      people,
      amountCents: noShowFeeCents(card.amountPerPersonCents, people),
      createdBy: actor.kind === 'staff' ? actor.userId : null,
      createdAt: now,
      updatedAt: now,
    });
    if (!charge) throw conflict('already_charged', text.errors.alreadyCharged);
    return { reservation, card, charge };
  });
}

/** What the charge says at the provider (and on the approval page). */
export const description = (reservation: ReservationRow, charge: q.ChargeRow) =>
  // A cancelled booking is charged only as a guest's late cancellation (chargeReason).
  formatMessage(reservation.status === 'cancelled' ? text.lateCancellationDescription : text.description, {
    date: reservation.reservationDate.split('-').reverse().join('/'),
    time: reservation.reservationTime,
    people: charge.people,
    party: reservation.numberOfPeople,
  });

/**
 * The provider's answer on the charge's row, the card released once charged, and the change log's line. A charge
 * the guest's bank held back emails the guest the link to approve it, in the same transaction.
 */
async function settle({ db, clock, publicUrl }: ServiceDeps, charge: q.ChargeRow, outcome: ChargeOutcome, reservation: ReservationRow, actor: Actor) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const settled = await q.updateChargeFrom(tx, charge.id, ['processing'], {
      status: outcome.status,
      providerRef: outcome.ref,
      failureReason: outcome.status === 'failed' ? outcome.reason : null,
      updatedAt: now,
    });
    // Settled meanwhile by another press's retry: that press logged it.
    if (!settled) return (await q.findCharge(tx, charge.id)) ?? charge;
    const cardReleased = settled.status === 'succeeded' && (await q.releaseCard(tx, settled.reservationId, 'charged', now));
    await logChargeOutcome(tx, { charge: settled, party: reservation.numberOfPeople, actor, now, cardReleased });
    const { customerEmail } = reservation;
    if (settled.status === 'requires_authorization' && customerEmail) {
      await enqueueEmail(tx, authorizationEmail(await getRestaurantConfig(tx), { ...reservation, customerEmail }, settled, publicUrl), now);
    }
    return settled;
  });
}

/**
 * 'Cobrar no-show' (and 'Cobrar cancelación tardía'): charges `people` × the amount per person to the reservation's
 * saved card. Answers the charge (succeeded, or requires_authorization: the guest's bank must approve it); throws
 * 422 with the provider's reason when the card is declined (the booking is left as it was), 503 when the provider
 * cannot be reached (the charge stays 'processing' and the next press retries it with the same idempotency key).
 */
export async function chargeNoShow(
  deps: ServiceDeps,
  payments: PaymentsContext,
  reservationId: string,
  people: number,
  actor: Actor,
): Promise<ChargeSummary> {
  const { db, clock } = deps;
  const provider = await connectedProvider(db, payments);
  const { reservation, card, charge } = await openCharge(db, clock.now(), reservationId, people, actor);
  let outcome: ChargeOutcome;
  try {
    outcome = await provider.chargeSavedCard({
      chargeId: charge.id,
      reservationId,
      card,
      amountCents: charge.amountCents,
      description: description(reservation, charge),
    });
  } catch (error) {
    const reason = error instanceof ProviderUnavailableError ? error.message : paymentsMessages.provider.unreachable;
    await q.updateChargeFrom(db, charge.id, ['processing'], { failureReason: reason, updatedAt: clock.now() });
    if (error instanceof ProviderUnavailableError) throw unavailable(reason);
    throw error;
  }
  const settled = await settle(deps, charge, outcome, reservation, actor);
  if (settled.status === 'succeeded') await detach(db, provider, card, clock.now());
  if (settled.status === 'failed') throw new AppError(422, 'charge_failed', settled.failureReason ?? paymentsMessages.provider.declines.generic);
  return chargeSummary(settled);
}

/** Forgets the card at the provider; when that fails, the payments job detaches released cards later. */
async function detach(db: Database, provider: PaymentProvider, card: q.CardRow, now: Date): Promise<void> {
  try {
    await provider.release(card);
    await q.markDetached(db, card.reservationId, now);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
  }
}

/**
 * 'Reembolsar': gives back what is left of a succeeded charge. The refund's key is the charge and what it had
 * refunded before, so a retried or doubled press refunds once.
 */
export async function refundCharge({ db, clock }: ServiceDeps, payments: PaymentsContext, chargeId: string, actor: Actor): Promise<ChargeSummary> {
  const provider = await connectedProvider(db, payments);
  const charge = await q.findCharge(db, chargeId);
  if (!charge) throw notFound(text.errors.chargeNotFound);
  if (charge.status !== 'succeeded' || !charge.providerRef) throw conflict('not_refundable', text.errors.notRefundable);
  const left = charge.amountCents - charge.refundedCents;
  if (left <= 0) throw conflict('already_refunded', text.errors.alreadyRefunded);
  let refund: { ref: string };
  try {
    refund = await provider.refund({ chargeRef: charge.providerRef, amountCents: left, refundId: `${charge.id}-${charge.refundedCents}` });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable(error.message);
    throw error;
  }
  const now = clock.now();
  return db.transaction(async (tx) => {
    const refunded = await q.recordRefund(tx, charge, { refundedCents: charge.amountCents, refundRef: refund.ref, now });
    // Recorded meanwhile (the other press, or the provider's event): nothing more to log.
    if (!refunded) return chargeSummary((await q.findCharge(tx, charge.id)) ?? charge);
    await logRefund(tx, { charge: refunded, refundedCents: left, actor, now });
    return chargeSummary(refunded);
  });
}
