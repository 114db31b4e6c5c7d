// The card guarantee in a guest's request (issue 45): the hold that takes the request's place while the guest saves
// a card on the provider's page, and that page. Implements reservations' GuaranteeGate; app.ts hands it over.
import { guestText } from '@shared/i18n/text-keys.ts';
import { guaranteeTermsFor } from '@shared/rules/card-guarantee.ts';
import { formatEuros } from '@shared/rules/money.ts';
import { GUARANTEE_RETURN_PATH } from '@shared/routes.ts';
import { guaranteeHolds } from '../../db/schema.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { type GuaranteeGate, isSameGuestAndSlot } from '../reservations/service.ts';
import { endHold } from './completion.ts';
import { findPaymentSettings, type PaymentsContext, paymentProvider } from './connection.ts';
import { findHold, guestOfHold, heldRequestOf, isWaiting, updateHold } from './hold-queries.ts';
import { ProviderUnavailableError } from './provider.ts';

const MINUTE_MS = 60_000;
/** Stripe's own expiry of a Checkout Session cannot be under 30 minutes; Mesa ends the hold itself, earlier. */
const PROVIDER_EXPIRY_MINUTES = 31;

/** The page the provider sends the guest back to: the hold's id, and the session's id that proves the return. */
export const returnUrl = (publicUrl: URL, holdId: string) => new URL(`${GUARANTEE_RETURN_PATH}${holdId}`, publicUrl).toString();

export function guaranteeGate(deps: ServiceDeps, context: PaymentsContext): GuaranteeGate {
  return {
    async resume(tx, request) {
      const hold = await findHold(tx, request.id, { forUpdate: true });
      if (!hold || hold.kind !== 'booking') return null;
      if (hold.status === 'completed') return null;
      const held = heldRequestOf(hold);
      if (!held || !isSameGuestAndSlot(held, request)) throw conflict('duplicate_id', guestText('reservation.errors.idReused'));
      const waiting = isWaiting(hold) && hold.holdUntil > deps.clock.now();
      return waiting ? { holdId: hold.id, holdUntil: hold.holdUntil } : null;
    },

    async holdIfNeeded(tx, request, config) {
      const terms = guaranteeTermsFor(config.cardGuarantee, request);
      if (!terms || !(await findPaymentSettings(tx))) return null;
      const now = deps.clock.now();
      const values = {
        kind: 'booking' as const,
        status: 'opening' as const,
        request: { ...request },
        reservationId: null,
        reservationDate: request.reservationDate,
        reservationTime: request.reservationTime,
        numberOfPeople: request.numberOfPeople,
        amountPerPersonCents: terms.amountPerPersonCents,
        freeCancellationHours: terms.freeCancellationHours,
        customerRef: null,
        checkoutRef: null,
        holdUntil: new Date(now.getTime() + terms.holdMinutes * MINUTE_MS),
        createdAt: now,
        endedAt: null,
        endReason: null,
      };
      // An ended hold under this id (the same browser trying again after it lapsed) starts over.
      await tx.insert(guaranteeHolds).values({ id: request.id, ...values }).onConflictDoUpdate({ target: guaranteeHolds.id, set: values });
      await recordChange(tx, { table: 'guarantee_holds', action: 'insert', id: request.id });
      return { holdId: request.id, holdUntil: values.holdUntil };
    },

    async checkoutUrl(holdId) {
      const hold = await findHold(deps.db, holdId);
      if (!hold) throw new AppError(404, 'not_found', guestText('cardGuarantee.errors.notFound'));
      try {
        const provider = await paymentProvider(deps.db, context);
        if (!provider) throw new ProviderUnavailableError('payments not connected');
        if (hold.checkoutRef) {
          const state = await provider.setupState(hold.checkoutRef);
          if (state.state === 'open') return state.url;
          if (state.state === 'complete') return `${returnUrl(deps.publicUrl, holdId)}?session_id=${encodeURIComponent(hold.checkoutRef)}`;
        }
        const guest = await guestOfHold(deps.db, hold);
        if (!guest) throw new ProviderUnavailableError('the request is gone');
        const amountCents = hold.amountPerPersonCents * hold.numberOfPeople;
        const now = deps.clock.now().getTime();
        const setup = await provider.createSetup({
          holdId,
          startedAt: hold.createdAt,
          guest: { name: guest.name, email: guest.email, phone: guest.phone },
          language: guest.language,
          amountCents,
          description: `${formatEuros(amountCents)} · ${hold.reservationDate} ${hold.reservationTime} · ${hold.numberOfPeople}`,
          successUrl: `${returnUrl(deps.publicUrl, holdId)}?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${returnUrl(deps.publicUrl, holdId)}?cancelled=1`,
          // A guarantee link's page lives as long as the link (24 hours at most, Stripe's own limit).
          expiresAt: new Date(Math.max(now + PROVIDER_EXPIRY_MINUTES * MINUTE_MS, hold.holdUntil.getTime())),
        });
        await deps.db.transaction(async (tx) => {
          const current = await findHold(tx, holdId, { forUpdate: true });
          if (current && isWaiting(current)) {
            await updateHold(tx, holdId, { status: 'open', customerRef: setup.customerRef, checkoutRef: setup.checkoutRef });
          }
        });
        return setup.url;
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        // No page, no hold: the place goes back and nothing is left half-made. A guarantee link holds no place: it stays,
        // for the guest to try again.
        if (hold.kind === 'reservation') throw new AppError(503, 'payment_unavailable', guestText('cardGuarantee.link.unavailable'));
        await endHold(deps, context, holdId, 'failed', error.message);
        throw new AppError(503, 'payment_unavailable', guestText('cardGuarantee.errors.unavailable'));
      }
    },
  };
}
