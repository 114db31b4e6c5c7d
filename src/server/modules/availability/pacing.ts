import { sql } from 'drizzle-orm';
import { messages } from '@shared/messages.ts';
import {
  type DayPacing,
  type PacingLimits,
  pacingEnabled,
  pacingExcesses,
  pacingWarning,
} from '@shared/rules/pacing.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { findRestaurantConfig } from '../settings/queries.ts';
import { MissingConfigError } from '../settings/service.ts';
import { coversBookedOn } from './queries.ts';

/** The part of a reservation that counts for pacing. */
export interface CoversRequest {
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
}

async function pacingLimits(db: Executor): Promise<PacingLimits> {
  const config = await findRestaurantConfig(db);
  if (!config) throw new MissingConfigError();
  return { maxCoversPerSlot: config.maxCoversPerSlot, maxCoversPerDay: config.maxCoversPerDay };
}

/**
 * A date's maxima and booked covers; while pacing is off nothing is counted and `booked` stays empty.
 * `known`: the maxima when the caller has read restaurant_config already. `exceptId`: a reservation left out of
 * the count (the one a guest's change request would replace).
 */
export async function dayPacing(db: Executor, date: string, known?: PacingLimits, exceptId?: string): Promise<DayPacing> {
  const limits = known ? { maxCoversPerSlot: known.maxCoversPerSlot, maxCoversPerDay: known.maxCoversPerDay } : await pacingLimits(db);
  return { ...limits, booked: pacingEnabled(limits) ? await coversBookedOn(db, date, exceptId) : [] };
}

/**
 * Refuses a guest's request that would pass a covers maximum. Requests for one date take the same advisory lock
 * before counting, so concurrent ones count and insert one after the other and together cannot pass it; the lock
 * is held until the caller's transaction ends. `replacingId`: a change request does not compete with the
 * reservation it would replace.
 */
export async function enforceCoversPacing(
  tx: Transaction,
  limits: PacingLimits,
  request: CoversRequest,
  replacingId?: string,
): Promise<void> {
  if (!pacingEnabled(limits)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`covers-pacing:${request.reservationDate}`}))`);
  const booked = await coversBookedOn(tx, request.reservationDate, replacingId);
  const [excess] = pacingExcesses({ ...limits, booked }, request.reservationTime, request.numberOfPeople);
  if (excess?.scope === 'slot') throw conflict('slot_full', messages.pacing.slotFull);
  if (excess?.scope === 'day') throw conflict('day_full', messages.pacing.dayFull);
}

/** Staff may pass the maxima with a manual reservation: the warning to show them, or null. Counted before the insert. */
export async function manualPacingWarning(db: Executor, request: CoversRequest): Promise<string | null> {
  const pacing = await dayPacing(db, request.reservationDate);
  return pacingWarning(pacing, request.reservationTime, request.numberOfPeople);
}
