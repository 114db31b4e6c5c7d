// When freed places are offered: after any change that can free one (a booking cancelled, edited away, marked
// no-show or finished; a table freed), heard on the change bus from every instance; and in the minute's sweep, which
// also lapses unanswered offers and expires entries whose date ended. Matching is idempotent under the date's locks,
// so two instances hearing the same change offer a place once.
import type { ChangeEvent } from '@shared/schemas/api.ts';
import { coalesced } from '../../platform/coalesced.ts';
import type { ChangeBus } from '../../platform/events.ts';
import { runOncePerMinute, type ScheduledJob } from '../../platform/scheduler.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { matchEveryDate, settleCardOffers, sweepWaitlist } from './offers.ts';

/** Changes that can free a place; a new booking or seating never does. */
function mayFreeAPlace(event: ChangeEvent | 'resync'): boolean {
  if (event === 'resync') return true;
  if (event.table === 'reservations') return event.action !== 'insert';
  // A booking that waited for its card and did not get it gives its place back; one that got it books its offer.
  if (event.table === 'guarantee_holds') return event.action === 'update';
  return event.table === 'reservation_tables' && event.action === 'delete';
}

/** Matches after such changes, coalesced: one run at a time, and one more if changes came during it. */
export function watchFreedPlaces(changes: ChangeBus, deps: ServiceDeps, logger: { warn(obj: object, msg: string): void }): void {
  const run = coalesced(
    async () => {
      await settleCardOffers(deps);
      await matchEveryDate(deps);
    },
    (error) => logger.warn({ err: error }, 'waitlist matching failed'),
  );
  changes.watch((event) => {
    if (mayFreeAPlace(event)) run();
  });
}

export function waitlistJob(deps: ServiceDeps, instanceId: string): ScheduledJob {
  return {
    name: 'waitlist',
    tick: (now) => runOncePerMinute(deps.db, 'waitlist', now, instanceId, () => sweepWaitlist(deps)),
  };
}
