// What capacity leaves of a day's open times, for the guest form, the booking calendar, the waitlist and staff's
// '¿Por qué está completo?': covers pacing over both modes, then the floor in 'Por mesas'.
import { formatMessage } from '@shared/messages.ts';
import type { Availability } from '@shared/rules/availability.ts';
import { minutesToTime, timeToMinutes } from '@shared/rules/madrid-time.ts';
import { beyondLargestParty, largestParty } from '@shared/rules/party-limit.ts';
import { seatingOptions } from '@shared/rules/table-capacity.ts';
import { type BookedCovers, type PacedAvailability, pacingEnabled, pacingExcesses, withRemainingCovers } from '@shared/rules/pacing.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { Executor } from '../../db/client.ts';
import { floorReport, onlineFloor, preferableZones, seatablePartiesOn } from './floor.ts';
import { coversHeldBetween } from './holds.ts';
import { type CapacityConfig, capacityFor } from './mode.ts';
import { dayPacing, ownPartyOn, type ReplacedReservation } from './pacing.ts';
import type { SeatableCache } from './seatable-cache.ts';

/**
 * A date's open times with the covers each can still take (null while pacing is off) and, in 'Por mesas', the party
 * sizes a table can seat and the zones a guest may prefer. `replaced`: the reservation a guest asks to move, counted
 * as a change request would be (decision 017).
 */
export async function slots(
  db: Executor,
  config: CapacityConfig,
  availability: Availability,
  options: { replaced?: ReplacedReservation; cache?: SeatableCache } = {},
): Promise<PacedAvailability> {
  const { replaced, cache } = options;
  const date = availability.date;
  const pacing = availability.bookable ? await dayPacing(db, date, config, replaced) : null;
  const paced = withRemainingCovers(availability, pacing, ownPartyOn(replaced, date));
  if (!capacityFor(config).assignsTables || !availability.bookable) return paced;
  const parties = await seatablePartiesOn(db, config, date, paced.slots.map((slot) => slot.time), cache, replaced?.id);
  const zones = cache ? await cache.get('zones', () => preferableZones(db)) : await preferableZones(db);
  return { ...paced, slots: paced.slots.map((slot) => ({ ...slot, seatableParties: parties.get(slot.time) ?? [] })), zones };
}

/** slots for many days (the booking calendar's month, from `from` to `to`), with the covers held read once. */
export async function slotsOfDays(
  db: Executor,
  config: CapacityConfig,
  days: readonly Availability[],
  range: { from: string; to: string },
  cache: SeatableCache,
): Promise<PacedAvailability[]> {
  const held = pacingEnabled(config) ? await coversHeldBetween(db, range.from, range.to) : [];
  const heldOn = new Map<string, BookedCovers[]>();
  for (const { date, ...row } of held) heldOn.set(date, [...(heldOn.get(date) ?? []), row]);
  const paced = days.map((day) => withRemainingCovers(day, pacingEnabled(config) ? { ...config, booked: heldOn.get(day.date) ?? [] } : null));
  if (!capacityFor(config).assignsTables) return paced;
  return Promise.all(
    paced.map(async (day) => {
      if (!day.bookable || !day.slots.some((slot) => slot.available)) return day;
      const parties = await seatablePartiesOn(db, config, day.date, day.slots.map((slot) => slot.time), cache);
      return { ...day, slots: day.slots.map((slot) => ({ ...slot, seatableParties: parties.get(slot.time) ?? [] })) };
    }),
  );
}

const partyLimitOf = async (db: Executor, config: CapacityConfig) => ({
  ...config,
  floor: capacityFor(config).assignsTables ? await onlineFloor(db) : undefined,
});

/** The largest party the guest form takes (shared/rules/party-limit.ts): larger ones are asked to call. */
export async function largestOnlineParty(db: Executor, config: CapacityConfig): Promise<number | null> {
  return largestParty(await partyLimitOf(db, config));
}

/**
 * A party over the form's largest, or in 'Por mesas' of a size between the tables' that no table or combination open
 * online takes: no cancellation could seat it.
 */
export async function neverSeats(db: Executor, config: CapacityConfig, people: number): Promise<boolean> {
  const input = await partyLimitOf(db, config);
  if (beyondLargestParty(largestParty(input), people)) return true;
  return input.floor !== undefined && seatingOptions(input.floor.floor, people, input.floor.scope).length === 0;
}

const text = staffMessages.admin.whyFull;

/** For '¿Por qué está completo?': what capacity says against a party at a time, in the staff's words. */
export async function capacityReasons(db: Executor, config: CapacityConfig, question: { date: string; time: string; people: number }): Promise<string[]> {
  const { date, time, people } = question;
  // Each maximum the party would pass, with the covers already booked against it.
  const reasons = pacingExcesses(await dayPacing(db, date, config), time, people).map(({ scope, covers, max }) =>
    formatMessage(scope === 'slot' ? text.slotCovers : text.dayCovers, { covers: covers - people, max }),
  );
  if (!capacityFor(config).assignsTables) return reasons;
  const floor = await floorReport(db, config, { date, time, party: people });
  if (floor.fits) return reasons;
  const to = minutesToTime((timeToMinutes(time) + floor.stayMinutes) % (24 * 60));
  return [
    ...reasons,
    floor.anyOption ? formatMessage(text.noTable, { people, from: time, to }) : formatMessage(text.noTableAtAll, { people }),
    ...floor.staffOnlyZones.map((zone) => formatMessage(text.staffOnlyZone, { zone })),
    ...floor.walkInTables.map((table) => formatMessage(text.walkInTable, { table })),
  ];
}
