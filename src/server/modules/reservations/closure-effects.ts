// A change that closes days or hours (blocking a day, closing or narrowing a weekday's hours, removing a Monday
// exception) and the active bookings it leaves outside the hours (issue 19): previewed before anything is saved,
// then kept (their cards say 'Fuera de horario') or cancelled with one reason and one email each, in the
// transaction of the change itself: both happen, or neither.
import { madridToday } from '@shared/rules/madrid-time.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import type { closureEffectsQuerySchema } from '@shared/schemas/closures.ts';
import type { z } from 'zod';
import type { Executor, Transaction } from '../../db/client.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { staffClosureCheck } from '../availability/service.ts';
import { activeOn, activeOnWeekdayFrom, type ReservationRow, toAdminReservation } from './admin-queries.ts';
import type { Actor } from './change-log.ts';
import { holdsPlace } from './change-requests.ts';
import { transition } from './transition.ts';

/** Which bookings a change may leave outside the hours: one date's, or one weekday's from today on. */
export type ClosureScope = { date: string } | { weekday: number };

/** What to do with them: only list them (nothing is saved), keep them, or cancel them with this reason. */
export type ClosureEffects = { preview: true } | { preview: false; cancelReason: string | null };

export const closureEffectsOf = (query: z.output<typeof closureEffectsQuerySchema>): ClosureEffects =>
  query.preview ? { preview: true } : { preview: false, cancelReason: query.cancelReason ?? null };

/** No list of affected bookings is longer: a closure is one day, or one weekday's coming bookings. */
const SCOPE_LIMIT = 5000;

/** Is this active booking outside the hours now? For the lists' 'Fuera de horario' (one read per list). */
export async function outsideHoursCheck(db: Executor, rows: readonly ReservationRow[]): Promise<(row: ReservationRow) => boolean> {
  const dates = rows.filter((row) => holdsPlace(row.status)).map((row) => row.reservationDate).sort();
  if (dates.length === 0) return () => false;
  const closure = await staffClosureCheck(db, dates[0]!, dates.at(-1)!);
  return (row) => holdsPlace(row.status) && closure(row.reservationDate, row.reservationTime) !== null;
}

async function outsideHoursIn(tx: Executor, scope: ClosureScope, today: string): Promise<ReservationRow[]> {
  const rows = 'date' in scope ? await activeOn(tx, scope.date, SCOPE_LIMIT) : await activeOnWeekdayFrom(tx, scope.weekday, today, SCOPE_LIMIT);
  const outside = await outsideHoursCheck(tx, rows);
  return rows.filter(outside);
}

/** Thrown to roll a preview's transaction back, carrying what it found. */
class PreviewRollback extends Error {
  constructor(readonly affected: AdminReservation[]) {
    super('closure preview');
  }
}

/**
 * Runs `change` and finds the active bookings in `scope` it leaves outside the hours (those outside already are not
 * its doing). A preview runs the very same change and rolls it back, so what it lists is what saving would hit.
 */
export async function withClosureEffects<T>(
  { db, clock, publicUrl }: ServiceDeps,
  scope: ClosureScope,
  effects: ClosureEffects,
  actor: Actor,
  change: (tx: Transaction) => Promise<T>,
): Promise<{ result: T | null; affected: AdminReservation[] }> {
  const today = madridToday(clock.now());
  try {
    return await db.transaction(async (tx) => {
      const before = new Set((await outsideHoursIn(tx, scope, today)).map((row) => row.id));
      const result = await change(tx);
      const affected = (await outsideHoursIn(tx, scope, today)).filter((row) => !before.has(row.id));
      if (effects.preview) throw new PreviewRollback(affected.map(toAdminReservation));
      if (effects.cancelReason !== null) {
        const cancelled = [];
        for (const row of [...affected].sort((a, b) => a.id.localeCompare(b.id))) {
          const done = await cancelForClosure(tx, row.id, effects.cancelReason, { clock, publicUrl, actor });
          if (done) cancelled.push(done);
        }
        return { result, affected: cancelled.map(toAdminReservation) };
      }
      return { result, affected: affected.map((row) => ({ ...toAdminReservation(row), outsideHours: true })) };
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return { result: null, affected: error.affected };
    throw error;
  }
}

/**
 * Cancels one booking a closure hits, locked first: another instance cancelling the same day's bookings at once
 * finds it cancelled and leaves it, so no guest hears twice. Not offered 'Deshacer': the closure itself stays.
 */
async function cancelForClosure(
  tx: Transaction,
  id: string,
  reason: string,
  { clock, publicUrl, actor }: Pick<ServiceDeps, 'clock' | 'publicUrl'> & { actor: Actor },
): Promise<ReservationRow | null> {
  const done = await transition(tx, { id }, 'closure', actor, { now: clock.now(), publicUrl, reason, undoable: false });
  return done?.after ?? null;
}
