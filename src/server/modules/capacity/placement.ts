// A booking's place, in the caller's transaction: the locks it takes first, covers pacing (one layer over both
// modes), then its tables where the floor decides ('Por mesas').
import { guestText } from '@shared/i18n/text-keys.ts';
import type { Transaction } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { findTables } from './floor.ts';
import { lockDate } from './locks.ts';
import { type CapacityConfig, capacityFor } from './mode.ts';
import { type CoversRequest, enforceCoversPacing, type ReplacedReservation } from './pacing.ts';

/**
 * A guest's request takes the guest lock (locks.ts#guestLockExpression) with its first read, then this: the date's
 * floor where the floor decides, before anything it reads is relied on.
 */
export const lockFloorForRequest = (tx: Transaction, config: CapacityConfig, date: string) =>
  lockDate(tx, date, { floor: capacityFor(config).assignsTables });

/** Where a booking sits: its tables, or none (the floor does not decide, or staff keep it unseated). */
export interface Placement {
  tableIds: readonly string[] | null;
}

export interface PlaceRequest extends CoversRequest {
  preferredZoneId?: string | null;
}

/**
 * A guest's request (the form, a change request, an accepted offer), under lockForRequest's locks: refused (409) over
 * a covers maximum, or in 'Por mesas' without a table or combination open online free for the whole stay. A change
 * request may take the tables of the reservation it replaces: both are one party (decision 017).
 */
export async function place(tx: Transaction, config: CapacityConfig, request: PlaceRequest, replaces?: ReplacedReservation): Promise<Placement> {
  await enforceCoversPacing(tx, config, request, replaces);
  if (!capacityFor(config).assignsTables) return { tableIds: null };
  const people = request.numberOfPeople;
  const seating = await findTables(
    tx,
    config,
    {
      date: request.reservationDate,
      time: request.reservationTime,
      party: people,
      channel: 'online',
      preferredZoneId: request.preferredZoneId ?? null,
      floorLocked: true,
    },
    replaces?.id,
  );
  if (!seating) {
    throw conflict('no_table', people === 1 ? guestText('reservation.errors.noTableOne') : guestText('reservation.errors.noTable', { people }));
  }
  return { tableIds: seating.tableIds };
}

/**
 * Staff's booking: in 'Por mesas' seated at the best free table or combination of any zone; when none is free it is
 * made anyway (staff decide), without tables, and `noFreeTable` says so. Pacing only warns staff (manualPacingWarning).
 */
export async function placeForStaff(
  tx: Transaction,
  config: CapacityConfig,
  request: { date: string; time: string; party: number },
): Promise<Placement & { noFreeTable: boolean }> {
  if (!capacityFor(config).assignsTables) return { tableIds: null, noFreeTable: false };
  const seating = await findTables(tx, config, { ...request, channel: 'staff' });
  return seating ? { tableIds: seating.tableIds, noFreeTable: false } : { tableIds: null, noFreeTable: true };
}
