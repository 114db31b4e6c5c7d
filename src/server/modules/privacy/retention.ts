// 'Conservación de datos' (issue 24): every night, once across instances, personal data older than the owner's
// periods is anonymised or removed, and the run is recorded in privacy_events (what it did, never whose data).
import { format, subMonths } from 'date-fns';
import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { RETENTION_RUN_TIME } from '@shared/limits.ts';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import { guestPrivacyMessages } from '@shared/staff-messages/guest-privacy.ts';
import { guests, privacyEvents, reservations, waitlistEntries } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import { removeEmlFilesBefore } from '../../platform/eml-files.ts';
import { runOncePerDay, type ScheduledJob } from '../../platform/scheduler.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { anonymiseReservations } from './erasure-queries.ts';

/** The date `months` before `today` ('yyyy-MM-dd'). */
export const monthsBefore = (today: string, months: number) => format(subMonths(new Date(`${today}T12:00:00`), months), 'yyyy-MM-dd');

/** Requests that never became a visit: cancelled ones, and pending ones whose date passed unanswered. */
const NOT_VISITS = ['cancelled', 'pending'] as const;

/**
 * Applies the retention periods as of `deps.clock`: reservations whose visit is older than the reservations period
 * (cancelled ones, and requests left pending: the cancelled period) are anonymised; allergens of guests whose last visit is older than the
 * allergens period are removed; a guest profile left with no reservation, and waitlist entries of dates older than the
 * cancelled period, are deleted. Returns the counts it records.
 */
export async function applyRetention(deps: ServiceDeps, emlDir: string): Promise<Record<string, number>> {
  const now = deps.clock.now();
  const today = madridToday(now);
  return deps.db.transaction(async (tx) => {
    const config = await getRestaurantConfig(tx);
    const visitCutoff = monthsBefore(today, config.retentionReservationMonths);
    const cancelledCutoff = monthsBefore(today, config.retentionCancelledMonths);
    const allergenCutoff = monthsBefore(today, config.retentionAllergenMonths);
    const due = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          isNull(reservations.erasedAt),
          // Both cut-offs are at least a month back, so nothing here is still to come; a past booking nobody marked
          // completed is a visit all the same.
          or(lt(reservations.reservationDate, visitCutoff), and(inArray(reservations.status, [...NOT_VISITS]), lt(reservations.reservationDate, cancelledCutoff))),
        ),
      )
      .for('update');
    const counts = await anonymiseReservations(tx, due.map((row) => row.id), guestPrivacyMessages.erasedName, now);
    const profiles = await tx
      .delete(guests)
      .where(sql`not exists (select 1 from ${reservations} where ${reservations.guestId} = ${guests.id})`)
      .returning({ id: guests.id });
    const lastVisit = sql`(select max(${reservations.reservationDate}) from ${reservations} where ${reservations.guestId} = ${guests.id})`;
    const allergens = await tx
      .update(guests)
      .set({ allergens: [], updatedAt: now })
      .where(and(sql`cardinality(${guests.allergens}) > 0`, sql`${lastVisit} < ${allergenCutoff}`))
      .returning({ id: guests.id });
    const waitlist = await tx.delete(waitlistEntries).where(lt(waitlistEntries.reservationDate, cancelledCutoff)).returning({ id: waitlistEntries.id });
    // The mail sink's copies name no booking: they go after the shortest period, so none outlives the data it holds
    // (decision 055).
    const shortest = Math.min(config.retentionReservationMonths, config.retentionCancelledMonths, config.retentionAllergenMonths);
    const mailFiles = await removeEmlFilesBefore(emlDir, subMonths(now, shortest));
    const recorded = { ...counts, allergens: allergens.length, profiles: profiles.length, waitlist: waitlist.length, mailFiles };
    await tx.insert(privacyEvents).values({ at: now, actorEmail: null, action: 'retention', guestId: null, counts: recorded });
    await recordChange(tx, { table: 'privacy_events', action: 'insert', id: null });
    if (counts.reservations) await recordChange(tx, { table: 'reservations', action: 'update', id: null });
    if (allergens.length || profiles.length) await recordChange(tx, { table: 'guests', action: 'update', id: null });
    return recorded;
  });
}

/** The nightly run at RETENTION_RUN_TIME, Madrid; claimed once per day across instances. */
export function retentionJob(deps: ServiceDeps, instanceId: string, emlDir: string): ScheduledJob {
  return {
    name: 'retention',
    tick: (now) =>
      madridNowTime(now) < RETENTION_RUN_TIME
        ? Promise.resolve()
        : runOncePerDay(deps.db, 'retention', madridToday(now), instanceId, async () => void (await applyRetention(deps, emlDir))),
  };
}

