import { describe, expect, it } from 'vitest';
import type { Availability } from './availability.ts';
import {
  addedCovers,
  type BookedCovers,
  coversInSlot,
  coversOfDay,
  type DayPacing,
  fitsRemaining,
  pacingEnabled,
  pacingExcesses,
  pacingRaised,
  pacingWarning,
  remainingCovers,
  withRemainingCovers,
} from './pacing.ts';

const booked: BookedCovers[] = [
  { time: '13:00', status: 'confirmed', covers: 6 },
  { time: '13:15', status: 'pending', covers: 4 },
  { time: '13:29', status: 'seated', covers: 2 },
  { time: '13:30', status: 'confirmed', covers: 8 },
  { time: '12:59', status: 'confirmed', covers: 3 },
  { time: '13:00', status: 'cancelled', covers: 10 },
  { time: '20:00', status: 'no_show', covers: 5 },
];

const pacing = (limits: Partial<DayPacing>): DayPacing => ({
  maxCoversPerSlot: null,
  maxCoversPerDay: null,
  booked,
  ...limits,
});

describe('coversInSlot', () => {
  it('adds the people starting in [slot, slot + 30 min), without the cancelled ones', () => {
    expect(coversInSlot(booked, '13:00')).toBe(12);
    expect(coversInSlot(booked, '13:30')).toBe(8);
    expect(coversInSlot(booked, '12:30')).toBe(3);
    expect(coversInSlot(booked, '14:00')).toBe(0);
  });

  it('counts a slot that starts off the half hour from its own start', () => {
    expect(coversInSlot(booked, '13:15')).toBe(14);
  });
});

describe('coversOfDay', () => {
  it('adds every reservation that is not cancelled', () => {
    expect(coversOfDay(booked)).toBe(28);
    expect(coversOfDay([])).toBe(0);
  });
});

describe('pacingEnabled', () => {
  it('is off while both maxima are null', () => {
    expect(pacingEnabled({ maxCoversPerSlot: null, maxCoversPerDay: null })).toBe(false);
    expect(pacingEnabled({ maxCoversPerSlot: 20, maxCoversPerDay: null })).toBe(true);
    expect(pacingEnabled({ maxCoversPerSlot: null, maxCoversPerDay: 100 })).toBe(true);
  });
});

describe('remainingCovers', () => {
  it('is null without a limit', () => {
    expect(remainingCovers(pacing({}), '13:00')).toBeNull();
  });

  it('is the slot room when only the slot is limited', () => {
    expect(remainingCovers(pacing({ maxCoversPerSlot: 20 }), '13:00')).toBe(8);
    expect(remainingCovers(pacing({ maxCoversPerSlot: 20 }), '14:00')).toBe(20);
  });

  it('is the day room when only the day is limited, the same for every slot', () => {
    expect(remainingCovers(pacing({ maxCoversPerDay: 30 }), '13:00')).toBe(2);
    expect(remainingCovers(pacing({ maxCoversPerDay: 30 }), '21:00')).toBe(2);
  });

  it('takes the tighter of both and never goes below zero', () => {
    expect(remainingCovers(pacing({ maxCoversPerSlot: 20, maxCoversPerDay: 100 }), '13:00')).toBe(8);
    expect(remainingCovers(pacing({ maxCoversPerSlot: 20, maxCoversPerDay: 31 }), '14:00')).toBe(3);
    expect(remainingCovers(pacing({ maxCoversPerSlot: 10, maxCoversPerDay: 100 }), '13:00')).toBe(0);
  });
});

describe('fitsRemaining', () => {
  it('fits exactly up to the remaining covers, always without a limit', () => {
    expect(fitsRemaining(8, 8)).toBe(true);
    expect(fitsRemaining(8, 9)).toBe(false);
    expect(fitsRemaining(0, 1)).toBe(false);
    expect(fitsRemaining(null, 30)).toBe(true);
  });
});

describe('pacingExcesses', () => {
  it('is empty when slot covers + N ≤ slot max and day covers + N ≤ day max', () => {
    expect(pacingExcesses(pacing({ maxCoversPerSlot: 20, maxCoversPerDay: 36 }), '13:00', 8)).toEqual([]);
  });

  it('names each maximum passed with the covers it would reach', () => {
    expect(pacingExcesses(pacing({ maxCoversPerSlot: 20, maxCoversPerDay: 36 }), '13:00', 9)).toEqual([
      { scope: 'slot', covers: 21, max: 20 },
      { scope: 'day', covers: 37, max: 36 },
    ]);
    expect(pacingExcesses(pacing({ maxCoversPerDay: 30 }), '21:00', 3)).toEqual([{ scope: 'day', covers: 31, max: 30 }]);
  });

  it('never refuses without limits', () => {
    expect(pacingExcesses(pacing({}), '13:00', 30)).toEqual([]);
  });
});

describe("a change request's own party (decision 017)", () => {
  const own = { time: '13:00', people: 6 };

  it('adds only the extra people at the own time, all of them elsewhere', () => {
    expect(addedCovers('13:00', 8, own)).toBe(2);
    expect(addedCovers('13:00', 4, own)).toBe(0);
    expect(addedCovers('13:30', 8, own)).toBe(8);
    expect(addedCovers('13:00', 8)).toBe(8);
  });

  it('keeps the own people available at the own time only', () => {
    expect(remainingCovers(pacing({ maxCoversPerSlot: 12 }), '13:00', own)).toBe(6);
    expect(remainingCovers(pacing({ maxCoversPerSlot: 12, maxCoversPerDay: 30 }), '13:30', own)).toBe(2);
    expect(remainingCovers(pacing({ maxCoversPerSlot: 10 }), '13:00', own)).toBe(6);
  });

  it('refuses only what passes a maximum with the added people, and never a request that adds no one', () => {
    expect(pacingExcesses(pacing({ maxCoversPerSlot: 12 }), '13:00', 6, own)).toEqual([]);
    expect(pacingExcesses(pacing({ maxCoversPerSlot: 12 }), '13:00', 7, own)).toEqual([{ scope: 'slot', covers: 13, max: 12 }]);
    expect(pacingExcesses(pacing({ maxCoversPerSlot: 10 }), '13:00', 5, own)).toEqual([]);
    expect(pacingExcesses(pacing({ maxCoversPerDay: 30 }), '20:00', 3, own)).toEqual([{ scope: 'day', covers: 31, max: 30 }]);
  });
});

describe('pacingRaised', () => {
  const limits = { maxCoversPerSlot: 10, maxCoversPerDay: 20 };
  const at = (covers: number): BookedCovers[] => [{ time: '13:00', status: 'confirmed', covers }];

  it('names a maximum passed by the change that raised it', () => {
    expect(pacingRaised(limits, '13:00', at(9), at(11))).toEqual([{ scope: 'slot', covers: 11, max: 10 }]);
    expect(pacingRaised(limits, '13:00', at(19), at(21))).toEqual([
      { scope: 'slot', covers: 21, max: 10 },
      { scope: 'day', covers: 21, max: 20 },
    ]);
  });

  it('lets through a change that lowers or keeps a count already over a maximum', () => {
    expect(pacingRaised(limits, '13:00', at(12), at(11))).toEqual([]);
    expect(pacingRaised(limits, '13:00', at(12), at(12))).toEqual([]);
    expect(pacingRaised(limits, '13:00', at(9), at(10))).toEqual([]);
  });
});

describe('pacingWarning', () => {
  it("says by how much the slot's maximum is passed", () => {
    expect(pacingWarning(pacing({ maxCoversPerSlot: 20 }), '13:00', 10)).toBe(
      'Esta reserva supera el máximo de comensales de la franja (22 de 20).',
    );
  });

  it("says so for the day's maximum, after the slot's", () => {
    expect(pacingWarning(pacing({ maxCoversPerSlot: 20, maxCoversPerDay: 30 }), '13:00', 10)).toBe(
      'Esta reserva supera el máximo de comensales de la franja (22 de 20). ' +
        'Esta reserva supera el máximo de comensales del día (38 de 30).',
    );
  });

  it('is null when the reservation fits', () => {
    expect(pacingWarning(pacing({ maxCoversPerSlot: 20, maxCoversPerDay: 30 }), '13:00', 2)).toBeNull();
  });
});

describe('withRemainingCovers', () => {
  const availability: Availability = {
    date: '2026-11-25',
    bookable: true,
    closedReason: null,
    closedTitle: null,
    closedMessage: null,
    slots: [
      { time: '13:00', available: true, reason: null },
      { time: '13:30', available: false, reason: 'blocked' },
    ],
  };

  it('adds the remaining covers to each slot', () => {
    expect(withRemainingCovers(availability, pacing({ maxCoversPerSlot: 20 })).slots).toEqual([
      { time: '13:00', available: true, reason: null, remainingCovers: 8 },
      { time: '13:30', available: false, reason: 'blocked', remainingCovers: 12 },
    ]);
  });

  it('gives null everywhere when pacing is off', () => {
    expect(withRemainingCovers(availability, null).slots.map((slot) => slot.remainingCovers)).toEqual([null, null]);
  });
});
