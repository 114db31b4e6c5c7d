import { guestText } from '@shared/i18n/text-keys.ts';
import { formatMessage, messages } from '@shared/messages.ts';
import {
  type DayPacing,
  type OwnParty,
  type PacingExcess,
  type PacingLimits,
  pacingEnabled,
  pacingExcesses,
  pacingRaised,
  pacingWarning,
} from '@shared/rules/pacing.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { coversHeldOn } from './holds.ts';
import { lockDate } from './locks.ts';

/** The part of a reservation that counts for pacing. */
export interface CoversRequest {
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
}

async function pacingLimits(db: Executor): Promise<PacingLimits> {
  const config = await getRestaurantConfig(db);
  return { maxCoversPerSlot: config.maxCoversPerSlot, maxCoversPerDay: config.maxCoversPerDay };
}

/** The reservation a guest's change request would replace, as pacing reads it. */
export interface ReplacedReservation extends CoversRequest {
  id: string;
  status: string;
}

/** The replaced reservation as the own party of `date`: only while it still holds its covers there. */
export function ownPartyOn(replaced: ReplacedReservation | undefined, date: string): OwnParty | undefined {
  if (!replaced || replaced.reservationDate !== date) return undefined;
  if (replaced.status !== 'pending' && replaced.status !== 'confirmed') return undefined;
  return { time: replaced.reservationTime, people: replaced.numberOfPeople };
}

/**
 * A date's maxima and booked covers; while pacing is off nothing is counted and `booked` stays empty.
 * `known`: the maxima when the caller has read restaurant_config already. `replaced`: the reservation a guest's
 * change request would replace; its pending change requests, which the new one would cancel, are left out.
 */
export async function dayPacing(db: Executor, date: string, known?: PacingLimits, replaced?: ReplacedReservation): Promise<DayPacing> {
  const limits = known ? { maxCoversPerSlot: known.maxCoversPerSlot, maxCoversPerDay: known.maxCoversPerDay } : await pacingLimits(db);
  return { ...limits, booked: pacingEnabled(limits) ? await coversHeldOn(db, date, replaced?.id) : [] };
}

/**
 * Every change to a date's covers that is checked against the maxima takes this lock first, so concurrent ones
 * count and write one after the other, on every instance; it is held until the caller's transaction ends.
 */
export const lockCoversDate = (tx: Transaction, date: string) => lockDate(tx, date, { covers: true });

/**
 * Refuses a guest's request that would pass a covers maximum, counted under the date's lock. `replaced`: the
 * reservation a change request would replace, which still counts until staff decide; at its own time the request
 * needs room only for the people it adds (decision 017).
 */
export async function enforceCoversPacing(
  tx: Transaction,
  limits: PacingLimits,
  request: CoversRequest,
  replaced?: ReplacedReservation,
): Promise<void> {
  if (!pacingEnabled(limits)) return;
  await lockCoversDate(tx, request.reservationDate);
  const booked = await coversHeldOn(tx, request.reservationDate);
  const own = ownPartyOn(replaced, request.reservationDate);
  const [excess] = pacingExcesses({ ...limits, booked }, request.reservationTime, request.numberOfPeople, own);
  throwExcess(excess);
}

function throwExcess(excess: PacingExcess | undefined): void {
  if (excess?.scope === 'slot') throw conflict('slot_full', guestText('pacing.slotFull'));
  if (excess?.scope === 'day') throw conflict('day_full', guestText('pacing.dayFull'));
}

/**
 * Runs `change` under the date's lock, counting the date's covers before and after it: the warning staff read when it
 * raised them over a maximum, or null. The change stands either way; the caller decides (issue 19's 'Guardar igualmente').
 */
export async function withCoversCounted<T>(
  tx: Transaction,
  request: CoversRequest,
  change: () => Promise<T>,
): Promise<{ result: T; excess: { code: string; message: string } | null }> {
  const limits = await pacingLimits(tx);
  if (!pacingEnabled(limits)) return { result: await change(), excess: null };
  await lockCoversDate(tx, request.reservationDate);
  const before = await coversHeldOn(tx, request.reservationDate);
  const result = await change();
  const after = await coversHeldOn(tx, request.reservationDate);
  const [raised] = pacingRaised(limits, request.reservationTime, before, after);
  if (!raised) return { result, excess: null };
  const text = raised.scope === 'slot' ? messages.pacing.slotWarning : messages.pacing.dayWarning;
  return { result, excess: { code: `${raised.scope}_full`, message: formatMessage(text, { covers: raised.covers, max: raised.max }) } };
}

/**
 * Runs `change` (staff confirming a guest's change, which cancels the original) under the date's lock and refuses
 * it, rolled back with the caller's transaction, if it raised the date's covers over a maximum; staff read by how much.
 */
export async function withCoversChecked<T>(tx: Transaction, request: CoversRequest, change: () => Promise<T>): Promise<T> {
  const { result, excess } = await withCoversCounted(tx, request, change);
  if (excess) throw conflict(excess.code, excess.message);
  return result;
}

/** Staff may pass the maxima with a manual reservation: the warning to show them, or null. Counted before the insert. */
export async function manualPacingWarning(db: Executor, request: CoversRequest): Promise<string | null> {
  const pacing = await dayPacing(db, request.reservationDate);
  return pacingWarning(pacing, request.reservationTime, request.numberOfPeople);
}
