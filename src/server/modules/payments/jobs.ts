// The payments minute job (issue 45): holds whose time ran out end (unless the provider says the card was saved in
// time, then they complete), ended holds forget the guest's request after a day (and the provider forgets the guest
// a page without a card made), guarantee links of bookings no longer pending or confirmed end, and cards their
// bookings no longer need are released and forgotten by the provider. The change bus does the last two at once
// (watchSettledBookings).
import { coalesced } from '../../platform/coalesced.ts';
import type { ChangeBus } from '../../platform/events.ts';
import { runOncePerMinute, type ScheduledJob } from '../../platform/scheduler.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { releaseSettledCards } from './card-release.ts';
import { completeIfSaved, endHold } from './completion.ts';
import { type PaymentsContext, paymentProvider } from './connection.ts';
import { endLinksOfInactiveBookings } from './guarantee-link.ts';
import { customersOfEndedHolds, findHold, forgetEndedRequests, overdueHolds, updateHold } from './hold-queries.ts';
import { ProviderUnavailableError } from './provider.ts';

const DAY_MS = 86_400_000;

export async function endOverdueHolds(deps: ServiceDeps, context: PaymentsContext): Promise<void> {
  const now = deps.clock.now();
  const overdue = await overdueHolds(deps.db, now);
  for (const { id } of overdue) {
    const hold = await findHold(deps.db, id);
    if (hold?.checkoutRef && (await completeIfSaved(deps, context, hold.checkoutRef))) continue;
    await endHold(deps, context, id, 'expired', null);
  }
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await forgetEndedRequests(deps.db, dayAgo);
  await forgetCustomersOfEndedHolds(deps, context, dayAgo);
}

/** A day after, no page of theirs can complete any more (Stripe's expire at 24 hours at most). */
async function forgetCustomersOfEndedHolds(deps: ServiceDeps, context: PaymentsContext, before: Date): Promise<void> {
  const ended = await customersOfEndedHolds(deps.db, before);
  const provider = ended.length > 0 ? await paymentProvider(deps.db, context) : null;
  if (!provider) return;
  for (const { id, customerRef } of ended) {
    try {
      await provider.forgetCustomer(customerRef!);
      await updateHold(deps.db, id, { customerRef: null });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      return;
    }
  }
}

export function paymentsJob(deps: ServiceDeps, context: PaymentsContext, instanceId: string): ScheduledJob {
  return {
    name: 'payments',
    tick: (now) =>
      runOncePerMinute(deps.db, 'payments', now, instanceId, async () => {
        await endOverdueHolds(deps, context);
        await settleEndedBookings(deps, context);
      }),
  };
}

/** What a booking that left pending or confirmed no longer needs: its waiting guarantee link, and its saved card. */
async function settleEndedBookings(deps: ServiceDeps, context: PaymentsContext): Promise<void> {
  await endLinksOfInactiveBookings(deps, context);
  await releaseSettledCards(deps, context);
}

/** A booking completed or cancelled ends its guarantee link and lets its card go at once, on whichever instance hears it. */
export function watchSettledBookings(changes: ChangeBus, deps: ServiceDeps, context: PaymentsContext, logger: { warn(obj: object, msg: string): void }): void {
  const run = coalesced(
    () => settleEndedBookings(deps, context),
    (error) => logger.warn({ err: error }, 'settling ended bookings failed'),
  );
  changes.watch((event) => {
    if (event === 'resync' || (event.table === 'reservations' && event.action === 'update')) run();
  });
}
