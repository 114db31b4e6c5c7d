// Covers pacing (issue 11): how many people may still start in a half-hour slot and in a day, so that the kitchen
// is not flooded. One rule for the public form, the server's create check and the manual-reservation warning.
import { PACING_SLOT_MINUTES } from '../limits.ts';
import { formatMessage, messages } from '../messages.ts';
import type { Availability, Slot } from './availability.ts';
import { timeToMinutes } from './madrid-time.ts';

/** restaurant_config's maxima; null = no limit. */
export interface PacingLimits {
  maxCoversPerSlot: number | null;
  maxCoversPerDay: number | null;
}

/** The people of one date's reservations at one time and status (the database sums them per time and status). */
export interface BookedCovers {
  time: string;
  status: string;
  covers: number;
}

/** A date's limits with what is already booked on it. */
export interface DayPacing extends PacingLimits {
  booked: readonly BookedCovers[];
}

export type PacingScope = 'slot' | 'day';

/** A maximum the request would pass: `covers` counts the request's own people. */
export interface PacingExcess {
  scope: PacingScope;
  covers: number;
  max: number;
}

/**
 * The reservation a guest's change request would replace, when it is on the date counted: at its own time the
 * request needs room only for the people it adds, as confirming the request cancels it (decision 017).
 */
export interface OwnParty {
  time: string;
  people: number;
}

/**
 * A slot as the guest form reads it: the covers it can still take (null: no pacing) and, in 'Por mesas' mode
 * (issue 21), the party sizes a free table or combination can seat for the whole stay (null: tables not counted).
 */
export type PacedSlot = Slot & { remainingCovers: number | null; seatableParties?: number[] | null };
export type PacedAvailability = Omit<Availability, 'slots'> & {
  slots: PacedSlot[];
  /** 'Por mesas' with two or more zones open online: the zones a guest may prefer (issue 21). */
  zones?: Array<{ id: string; name: string }>;
};

export function pacingEnabled(limits: PacingLimits): boolean {
  return limits.maxCoversPerSlot !== null || limits.maxCoversPerDay !== null;
}

/** A cancelled reservation frees its covers; every other status (pending included) holds them. */
const holdsCovers = (booked: BookedCovers) => booked.status !== 'cancelled';

const sumCovers = (booked: readonly BookedCovers[]) =>
  booked.filter(holdsCovers).reduce((total, entry) => total + entry.covers, 0);

/** People starting in [slot, slot + 30 min). */
export function coversInSlot(booked: readonly BookedCovers[], slot: string): number {
  const start = timeToMinutes(slot);
  return sumCovers(
    booked.filter((entry) => {
      const minutes = timeToMinutes(entry.time);
      return start <= minutes && minutes < start + PACING_SLOT_MINUTES;
    }),
  );
}

export function coversOfDay(booked: readonly BookedCovers[]): number {
  return sumCovers(booked);
}

/** What each set maximum would reach with `people` more starting at `slot`. */
function coversAfter(pacing: DayPacing, slot: string, people: number): PacingExcess[] {
  const reached: PacingExcess[] = [];
  if (pacing.maxCoversPerSlot !== null) {
    reached.push({ scope: 'slot', covers: coversInSlot(pacing.booked, slot) + people, max: pacing.maxCoversPerSlot });
  }
  if (pacing.maxCoversPerDay !== null) {
    reached.push({ scope: 'day', covers: coversOfDay(pacing.booked) + people, max: pacing.maxCoversPerDay });
  }
  return reached;
}

/** The covers `people` starting at `slot` add to what is booked: all of them, or at the own party's time only the extra ones. */
export function addedCovers(slot: string, people: number, own?: OwnParty): number {
  return own?.time === slot ? Math.max(0, people - own.people) : people;
}

/**
 * People who can still start at `slot`: the tighter of the slot's and the day's room, never below 0 (plus the own
 * party's people at its own time); null with no limit.
 */
export function remainingCovers(pacing: DayPacing, slot: string, own?: OwnParty): number | null {
  const rooms = coversAfter(pacing, slot, 0).map(({ covers, max }) => Math.max(0, max - covers));
  return rooms.length > 0 ? Math.min(...rooms) + (own?.time === slot ? own.people : 0) : null;
}

export function fitsRemaining(remaining: number | null, people: number): boolean {
  return remaining === null || people <= remaining;
}

/** Whether a slot can take a party of `people`: covers left and, when tables count, a table for them. */
export function slotTakes(slot: Partial<Pick<PacedSlot, 'remainingCovers' | 'seatableParties'>>, people: number): boolean {
  return fitsRemaining(slot.remainingCovers ?? null, people) && (slot.seatableParties == null || slot.seatableParties.includes(people));
}

/** The maxima that `people` more at `slot` would pass, slot first; empty when the request fits or adds no one. */
export function pacingExcesses(pacing: DayPacing, slot: string, people: number, own?: OwnParty): PacingExcess[] {
  const added = addedCovers(slot, people, own);
  if (added === 0) return [];
  return coversAfter(pacing, slot, added).filter(({ covers, max }) => covers > max);
}

/** The maxima a change passes that it also raised: `after` over a maximum and above `before` (never below 0 added). */
export function pacingRaised(limits: PacingLimits, slot: string, before: readonly BookedCovers[], after: readonly BookedCovers[]): PacingExcess[] {
  const counts: Array<[PacingScope, number | null, (booked: readonly BookedCovers[]) => number]> = [
    ['slot', limits.maxCoversPerSlot, (booked) => coversInSlot(booked, slot)],
    ['day', limits.maxCoversPerDay, coversOfDay],
  ];
  return counts.flatMap(([scope, max, count]) => {
    const covers = count(after);
    return max !== null && covers > max && covers > count(before) ? [{ scope, covers, max }] : [];
  });
}

/** The staff warning for a manual reservation over a maximum, e.g. '… de la franja (34 de 30).'; null when it fits. */
export function pacingWarning(pacing: DayPacing, slot: string, people: number): string | null {
  const texts = pacingExcesses(pacing, slot, people).map(({ scope, covers, max }) =>
    formatMessage(scope === 'slot' ? messages.pacing.slotWarning : messages.pacing.dayWarning, { covers, max }),
  );
  return texts.length > 0 ? texts.join(' ') : null;
}

/** The availability with each slot's remaining covers; null everywhere when pacing is off (`pacing` null). */
export function withRemainingCovers(availability: Availability, pacing: DayPacing | null, own?: OwnParty): PacedAvailability {
  return {
    ...availability,
    slots: availability.slots.map((slot) => ({
      ...slot,
      remainingCovers: pacing ? remainingCovers(pacing, slot.time, own) : null,
    })),
  };
}
