// The payments minute job (issue 45): holds whose time ran out end (unless the provider says the card was saved in
// time, then they complete), and ended holds forget the guest's request after a day.
import { runOncePerMinute, type ScheduledJob } from '../../platform/scheduler.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { completeHold, endHold } from './completion.ts';
import { type PaymentsContext, paymentProvider } from './connection.ts';
import { findHold, forgetEndedRequests, overdueHolds } from './hold-queries.ts';

const DAY_MS = 86_400_000;

export async function endOverdueHolds(deps: ServiceDeps, context: PaymentsContext): Promise<void> {
  const now = deps.clock.now();
  const overdue = await overdueHolds(deps.db, now);
  const provider = overdue.length > 0 ? await paymentProvider(deps.db, context) : null;
  for (const { id } of overdue) {
    const hold = await findHold(deps.db, id);
    if (hold?.checkoutRef && provider) {
      const state = await provider.setupState(hold.checkoutRef).catch(() => null);
      if (state?.state === 'complete') {
        await completeHold(deps, context, hold.checkoutRef, state.card);
        continue;
      }
    }
    await endHold(deps, context, id, 'expired', null);
  }
  await forgetEndedRequests(deps.db, new Date(now.getTime() - DAY_MS));
}

export function paymentsJob(deps: ServiceDeps, context: PaymentsContext, instanceId: string): ScheduledJob {
  return {
    name: 'payments',
    tick: (now) => runOncePerMinute(deps.db, 'payments', now, instanceId, () => endOverdueHolds(deps, context)),
  };
}
