// The payments minute job (issue 45): holds whose time ran out end (unless the provider says the card was saved in
// time, then they complete), ended holds forget the guest's request after a day, and cards their bookings no longer
// need are released and forgotten by the provider. The change bus releases them at once (watchSettledBookings).
import { coalesced } from '../../platform/coalesced.ts';
import type { ChangeBus } from '../../platform/events.ts';
import { runOncePerMinute, type ScheduledJob } from '../../platform/scheduler.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { releaseSettledCards } from './card-release.ts';
import { completeIfSaved, endHold } from './completion.ts';
import type { PaymentsContext } from './connection.ts';
import { findHold, forgetEndedRequests, overdueHolds } from './hold-queries.ts';

const DAY_MS = 86_400_000;

export async function endOverdueHolds(deps: ServiceDeps, context: PaymentsContext): Promise<void> {
  const now = deps.clock.now();
  const overdue = await overdueHolds(deps.db, now);
  for (const { id } of overdue) {
    const hold = await findHold(deps.db, id);
    if (hold?.checkoutRef && (await completeIfSaved(deps, context, hold.checkoutRef))) continue;
    await endHold(deps, context, id, 'expired', null);
  }
  await forgetEndedRequests(deps.db, new Date(now.getTime() - DAY_MS));
}

export function paymentsJob(deps: ServiceDeps, context: PaymentsContext, instanceId: string): ScheduledJob {
  return {
    name: 'payments',
    tick: (now) =>
      runOncePerMinute(deps.db, 'payments', now, instanceId, async () => {
        await endOverdueHolds(deps, context);
        await releaseSettledCards(deps, context);
      }),
  };
}

/** A booking completed or cancelled lets its card go at once, on whichever instance hears it. */
export function watchSettledBookings(changes: ChangeBus, deps: ServiceDeps, context: PaymentsContext, logger: { warn(obj: object, msg: string): void }): void {
  const run = coalesced(
    () => releaseSettledCards(deps, context),
    (error) => logger.warn({ err: error }, 'releasing settled cards failed'),
  );
  changes.watch((event) => {
    if (event === 'resync' || (event.table === 'reservations' && event.action === 'update')) run();
  });
}
