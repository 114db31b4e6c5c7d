import { describe, expect, it } from 'vitest';
import { type Availability, type AvailabilityInput, computeAvailability, dayClosures, type DayHours, staffClosure } from './availability.ts';

// Calendar used below (2026): 24 Nov is a Tuesday, 25 Nov a Wednesday, 29 Nov a Sunday, 30 Nov a Monday.
// Madrid is on CET (UTC+1) in November.
/** Wednesday 25 November 2026, 09:00 in Madrid: before opening, so no slot of today is past. */
const NOW = new Date('2026-11-25T08:00:00Z');
const TODAY = '2026-11-25';
const YESTERDAY = '2026-11-24';
const TOMORROW = '2026-11-26';
const SUNDAY = '2026-11-29';
const MONDAY = '2026-11-30';
const LAST_DAY = '2027-02-23'; // TODAY + 90, a Tuesday
const FIRST_DAY_BEYOND = '2027-02-24'; // TODAY + 91, a Wednesday

const MONDAY_TEXT = 'Los lunes no aceptamos reservas. Por favor selecciona otro día.';
const CLOSED_DAY_TEXT = 'En esta fecha no aceptamos reservas. Por favor, selecciona otro día disponible.';
const UNAVAILABLE_TITLE = 'Fecha no disponible';

const ALL_SLOTS = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'];

function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    date: TOMORROW,
    now: NOW,
    openingTime: '13:00',
    closingTime: '18:00',
    reservationsPaused: false,
    hours: null,
    mondayOpened: false,
    closedDay: false,
    timeBlocks: [],
    pause: null,
    ...overrides,
  };
}

function row(overrides: Partial<DayHours> = {}): DayHours {
  return { isOpen: true, openTime: '13:00', closeTime: '18:00', breakStartTime: null, breakEndTime: null, ...overrides };
}

/** Each slot's time with its reason, 'free' when available. */
function slotStates(availability: Availability): Record<string, string> {
  return Object.fromEntries(availability.slots.map((slot) => [slot.time, slot.available ? 'free' : String(slot.reason)]));
}

/** Every slot of the day 'free' but the ones named, as slotStates reports them. */
function freeExcept(states: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ALL_SLOTS.map((time) => [time, states[time] ?? 'free']));
}

function times(availability: Availability): string[] {
  return availability.slots.map((slot) => slot.time);
}

function expectBookable(availability: Availability): void {
  expect(availability.bookable).toBe(true);
  expect(availability.closedReason).toBeNull();
  expect(availability.closedTitle).toBeNull();
  expect(availability.closedMessage).toBeNull();
}

describe('computeAvailability: Madrid "today"', () => {
  const lateEvening = new Date('2026-11-24T23:30:00Z'); // 00:30 on 25 November in Madrid, still the 24th in UTC

  it('treats 2026-11-24T23:30Z as 25 November: the 24th is past', () => {
    const result = computeAvailability(input({ now: lateEvening, date: '2026-11-24' }));
    expect(result).toEqual({
      date: '2026-11-24',
      bookable: false,
      closedReason: 'past',
      closedTitle: UNAVAILABLE_TITLE,
      closedMessage: 'La fecha no puede ser anterior a hoy.',
      slots: [],
    });
  });

  it('treats 2026-11-24T23:30Z as 25 November: the 25th is today with none of its slots past', () => {
    const result = computeAvailability(input({ now: lateEvening, date: '2026-11-25' }));
    expectBookable(result);
    expect(result.date).toBe('2026-11-25');
    expect(times(result)).toEqual(ALL_SLOTS);
    expect(result.slots.every((slot) => slot.available && slot.reason === null)).toBe(true);
  });

  it('applies a pause for 25 November at 2026-11-24T23:30Z, since that is already today in Madrid', () => {
    const result = computeAvailability(
      input({ now: lateEvening, date: '2026-11-25', pause: { startTime: '13:00', endTime: '13:30' } }),
    );
    expect(slotStates(result)).toMatchObject({ '13:00': 'paused', '13:30': 'paused', '14:00': 'free' });
  });

  it('keeps the 24th as today one minute before Madrid midnight, with every slot past', () => {
    const result = computeAvailability(input({ now: new Date('2026-11-24T22:59:00Z'), date: '2026-11-24' }));
    expectBookable(result);
    expect(times(result)).toEqual(ALL_SLOTS);
    expect(result.slots.every((slot) => !slot.available && slot.reason === 'past')).toBe(true);
  });
});

describe('computeAvailability: booking window', () => {
  it('accepts today', () => {
    const result = computeAvailability(input({ date: TODAY }));
    expectBookable(result);
    expect(times(result)).toEqual(ALL_SLOTS);
  });

  it('accepts today + 90 days', () => {
    const result = computeAvailability(input({ date: LAST_DAY }));
    expectBookable(result);
    expect(times(result)).toEqual(ALL_SLOTS);
    expect(result.slots.every((slot) => slot.available)).toBe(true);
  });

  it('refuses today + 91 days as beyond the window', () => {
    expect(computeAvailability(input({ date: FIRST_DAY_BEYOND }))).toEqual({
      date: FIRST_DAY_BEYOND,
      bookable: false,
      closedReason: 'beyond_window',
      closedTitle: UNAVAILABLE_TITLE,
      closedMessage: 'La fecha debe estar entre hoy y los próximos 90 días.',
      slots: [],
    });
  });

  it('refuses yesterday as past', () => {
    const result = computeAvailability(input({ date: YESTERDAY }));
    expect(result.bookable).toBe(false);
    expect(result.closedReason).toBe('past');
    expect(result.closedMessage).toBe('La fecha no puede ser anterior a hoy.');
    expect(result.slots).toEqual([]);
  });

  it('counts the window from the Madrid date, not the UTC date', () => {
    // At 2026-11-24T23:30Z the UTC date is the 24th (whose +90 would be 2027-02-22) but Madrid is on the 25th.
    const now = new Date('2026-11-24T23:30:00Z');
    expectBookable(computeAvailability(input({ now, date: '2027-02-23' })));
    expect(computeAvailability(input({ now, date: '2027-02-24' })).closedReason).toBe('beyond_window');
  });

  it('reports a past date as past even when it is also closed or paused', () => {
    expect(computeAvailability(input({ date: YESTERDAY, closedDay: true })).closedReason).toBe('past');
    expect(computeAvailability(input({ date: YESTERDAY, reservationsPaused: true })).closedReason).toBe('past');
  });
});

describe('computeAvailability: Mondays', () => {
  it('closes a Monday with the spec text', () => {
    expect(computeAvailability(input({ date: MONDAY }))).toEqual({
      date: MONDAY,
      bookable: false,
      closedReason: 'monday',
      closedTitle: UNAVAILABLE_TITLE,
      closedMessage: MONDAY_TEXT,
      slots: [],
    });
  });

  it('closes a Monday by policy even when its operating_hours row says open', () => {
    const result = computeAvailability(input({ date: MONDAY, hours: row({ isOpen: true }) }));
    expect(result.closedReason).toBe('monday');
    expect(result.bookable).toBe(false);
  });

  it('opens a Monday with an exception, using its own row hours', () => {
    const result = computeAvailability(
      input({ date: MONDAY, mondayOpened: true, hours: row({ isOpen: false, openTime: '19:00', closeTime: '21:00' }) }),
    );
    expectBookable(result);
    expect(times(result)).toEqual(['19:00', '19:30', '20:00', '20:30']);
    expect(result.slots.every((slot) => slot.available)).toBe(true);
  });

  it("applies an opened Monday row's break", () => {
    const result = computeAvailability(
      input({
        date: MONDAY,
        mondayOpened: true,
        hours: row({ openTime: '12:00', closeTime: '15:00', breakStartTime: '13:00', breakEndTime: '14:00' }),
      }),
    );
    expect(times(result)).toEqual(['12:00', '12:30', '14:00', '14:30']);
  });

  it('opens a Monday without a row on the restaurant opening and closing times', () => {
    const result = computeAvailability(
      input({ date: MONDAY, mondayOpened: true, openingTime: '12:00', closingTime: '14:00' }),
    );
    expectBookable(result);
    expect(times(result)).toEqual(['12:00', '12:30', '13:00', '13:30']);
  });

  it('ignores a Monday exception on a day that is not a Monday', () => {
    const result = computeAvailability(input({ date: SUNDAY, mondayOpened: true, hours: row({ isOpen: false }) }));
    expect(result.closedReason).toBe('closed_weekday');
  });
});

describe('computeAvailability: closed dates and weekdays', () => {
  it('closes a date exception with the spec text', () => {
    expect(computeAvailability(input({ date: TOMORROW, closedDay: true }))).toEqual({
      date: TOMORROW,
      bookable: false,
      closedReason: 'closed_day',
      closedTitle: UNAVAILABLE_TITLE,
      closedMessage: CLOSED_DAY_TEXT,
      slots: [],
    });
  });

  it('lets a closed date exception win over an opened Monday', () => {
    const result = computeAvailability(input({ date: MONDAY, mondayOpened: true, closedDay: true, hours: row() }));
    expect(result.bookable).toBe(false);
    expect(result.closedReason).toBe('closed_day');
    expect(result.closedMessage).toBe(CLOSED_DAY_TEXT);
    expect(result.slots).toEqual([]);
  });

  it('closes a weekday whose operating_hours row is closed', () => {
    const result = computeAvailability(input({ date: SUNDAY, hours: row({ isOpen: false }) }));
    expect(result).toEqual({
      date: SUNDAY,
      bookable: false,
      closedReason: 'closed_weekday',
      closedTitle: UNAVAILABLE_TITLE,
      closedMessage: CLOSED_DAY_TEXT,
      slots: [],
    });
  });

  it('uses the restaurant opening and closing times when the weekday has no row', () => {
    const result = computeAvailability(input({ date: SUNDAY, hours: null, openingTime: '12:00', closingTime: '14:00' }));
    expectBookable(result);
    expect(times(result)).toEqual(['12:00', '12:30', '13:00', '13:30']);
  });

  it("prefers the weekday row's times over the restaurant times", () => {
    const result = computeAvailability(
      input({ openingTime: '12:00', closingTime: '14:00', hours: row({ openTime: '20:00', closeTime: '21:30' }) }),
    );
    expect(times(result)).toEqual(['20:00', '20:30', '21:00']);
  });
});

describe('computeAvailability: reservations paused', () => {
  const pausedText = 'En este momento no aceptamos nuevas reservas. Inténtalo más tarde.';

  it.each([
    ['today', { date: TODAY }],
    ['tomorrow', { date: TOMORROW }],
    ['today + 90', { date: LAST_DAY }],
    ['a Monday', { date: MONDAY }],
    ['an opened Monday', { date: MONDAY, mondayOpened: true }],
    ['a closed date', { date: TOMORROW, closedDay: true }],
    ['a closed weekday', { date: SUNDAY, hours: row({ isOpen: false }) }],
  ] as const)('closes %s as paused_all', (_label, overrides) => {
    expect(computeAvailability(input({ ...overrides, reservationsPaused: true }))).toEqual({
      date: overrides.date,
      bookable: false,
      closedReason: 'paused_all',
      closedTitle: 'Horario no disponible',
      closedMessage: pausedText,
      slots: [],
    });
  });
});

describe('computeAvailability: slots', () => {
  it('offers 13:00 … 17:30 for 13:00-18:00, without the closing time', () => {
    const result = computeAvailability(input({ hours: row({ openTime: '13:00', closeTime: '18:00' }) }));
    expect(result.slots).toEqual(ALL_SLOTS.map((time) => ({ time, available: true, reason: null })));
    expect(times(result)).not.toContain('18:00');
  });

  it('removes the slots of a 15:00-16:00 break but keeps 16:00', () => {
    const result = computeAvailability(input({ hours: row({ breakStartTime: '15:00', breakEndTime: '16:00' }) }));
    expect(times(result)).toEqual(['13:00', '13:30', '14:00', '14:30', '16:00', '16:30', '17:00', '17:30']);
    expect(result.slots.every((slot) => slot.available)).toBe(true);
  });

  it('ignores a break with only one end set', () => {
    const result = computeAvailability(input({ hours: row({ breakStartTime: '15:00', breakEndTime: null }) }));
    expect(times(result)).toEqual(ALL_SLOTS);
  });

  it('marks 14:00 and 14:30 blocked by a 14:00-15:00 time block, leaving 15:00 free', () => {
    const result = computeAvailability(input({ timeBlocks: [{ startTime: '14:00', endTime: '15:00' }] }));
    expect(times(result)).toEqual(ALL_SLOTS);
    expect(slotStates(result)).toEqual(freeExcept({ '14:00': 'blocked', '14:30': 'blocked' }));
  });

  it('applies several time blocks', () => {
    const result = computeAvailability(
      input({
        timeBlocks: [
          { startTime: '13:00', endTime: '13:30' },
          { startTime: '17:00', endTime: '18:00' },
        ],
      }),
    );
    expect(slotStates(result)).toMatchObject({
      '13:00': 'blocked',
      '13:30': 'free',
      '16:30': 'free',
      '17:00': 'blocked',
      '17:30': 'blocked',
    });
  });
});

describe('computeAvailability: pause of today', () => {
  it('pauses 14:00, 14:30 and 15:00 for a 14:00-15:00 pause (both ends included), leaving 15:30 free', () => {
    const result = computeAvailability(input({ date: TODAY, pause: { startTime: '14:00', endTime: '15:00' } }));
    expectBookable(result);
    expect(slotStates(result)).toEqual(freeExcept({ '14:00': 'paused', '14:30': 'paused', '15:00': 'paused' }));
  });

  it('applies an explicitly active pause', () => {
    const result = computeAvailability(
      input({ date: TODAY, pause: { startTime: '14:00', endTime: '15:00', isActive: true } }),
    );
    expect(slotStates(result)['14:30']).toBe('paused');
  });

  it('ignores a pause when the date is not today', () => {
    const result = computeAvailability(input({ date: TOMORROW, pause: { startTime: '14:00', endTime: '15:00' } }));
    expect(result.slots.every((slot) => slot.available && slot.reason === null)).toBe(true);
    expect(times(result)).toEqual(ALL_SLOTS);
  });

  it('ignores an inactive pause', () => {
    const result = computeAvailability(
      input({ date: TODAY, pause: { startTime: '14:00', endTime: '15:00', isActive: false } }),
    );
    expect(result.slots.every((slot) => slot.available && slot.reason === null)).toBe(true);
  });

  it('reports a paused slot that is also blocked as paused', () => {
    const result = computeAvailability(
      input({
        date: TODAY,
        pause: { startTime: '14:00', endTime: '14:00' },
        timeBlocks: [{ startTime: '14:00', endTime: '15:00' }],
      }),
    );
    expect(slotStates(result)).toMatchObject({ '14:00': 'paused', '14:30': 'blocked', '15:00': 'free' });
  });
});

describe('computeAvailability: past slots of today', () => {
  it('marks the slot at the exact current minute as past (14:00 Madrid)', () => {
    const result = computeAvailability(input({ date: TODAY, now: new Date('2026-11-25T13:00:00Z') }));
    expectBookable(result);
    expect(slotStates(result)).toEqual(freeExcept({ '13:00': 'past', '13:30': 'past', '14:00': 'past' }));
  });

  it('keeps the 14:00 slot free at 13:59:59 Madrid', () => {
    const result = computeAvailability(input({ date: TODAY, now: new Date('2026-11-25T12:59:59Z') }));
    expect(slotStates(result)).toMatchObject({ '13:30': 'past', '14:00': 'free' });
  });

  it('reports a past slot as past even when paused or blocked', () => {
    const result = computeAvailability(
      input({
        date: TODAY,
        now: new Date('2026-11-25T13:00:00Z'),
        pause: { startTime: '13:30', endTime: '14:30' },
        timeBlocks: [{ startTime: '13:00', endTime: '13:30' }],
      }),
    );
    expect(slotStates(result)).toMatchObject({ '13:00': 'past', '13:30': 'past', '14:00': 'past', '14:30': 'paused' });
  });

  it('marks no slot past on a later date at the same instant', () => {
    const result = computeAvailability(input({ date: TOMORROW, now: new Date('2026-11-25T16:00:00Z') }));
    expect(result.slots.every((slot) => slot.available)).toBe(true);
  });
});

describe('computeAvailability: DST days of 2026', () => {
  // Spring: Sunday 29 March, 02:00 CET becomes 03:00 CEST at 01:00Z.
  it('at 2026-03-29T11:59Z (13:59 CEST) has 13:30 past and 14:00 free', () => {
    const result = computeAvailability(input({ date: '2026-03-29', now: new Date('2026-03-29T11:59:00Z') }));
    expectBookable(result);
    expect(slotStates(result)).toMatchObject({ '13:00': 'past', '13:30': 'past', '14:00': 'free', '14:30': 'free' });
  });

  it('at 2026-03-29T12:00Z (14:00 CEST) has 14:00 past and 14:30 free', () => {
    const result = computeAvailability(input({ date: '2026-03-29', now: new Date('2026-03-29T12:00:00Z') }));
    expect(slotStates(result)).toMatchObject({ '14:00': 'past', '14:30': 'free' });
  });

  it('at 2026-03-28T23:30Z (00:30 CET on the 29th) has the 29th as today and the 28th past', () => {
    const now = new Date('2026-03-28T23:30:00Z');
    expect(computeAvailability(input({ date: '2026-03-28', now })).closedReason).toBe('past');
    const today = computeAvailability(input({ date: '2026-03-29', now, pause: { startTime: '13:00', endTime: '13:00' } }));
    expectBookable(today);
    expect(slotStates(today)).toMatchObject({ '13:00': 'paused', '13:30': 'free' });
  });

  it('at 2026-03-29T21:59Z (23:59 CEST) is still the 29th, and at 22:00Z (00:00 CEST) the 30th', () => {
    const before = computeAvailability(input({ date: '2026-03-29', now: new Date('2026-03-29T21:59:00Z') }));
    expectBookable(before);
    expect(before.slots.every((slot) => slot.reason === 'past')).toBe(true);

    const after = new Date('2026-03-29T22:00:00Z');
    expect(computeAvailability(input({ date: '2026-03-29', now: after })).closedReason).toBe('past');
    const monday = computeAvailability(input({ date: '2026-03-30', now: after, mondayOpened: true }));
    expectBookable(monday);
    expect(monday.slots.every((slot) => slot.available)).toBe(true);
  });

  // Autumn: Sunday 25 October, 03:00 CEST becomes 02:00 CET at 01:00Z.
  it('at 2026-10-25T12:59Z (13:59 CET) has 13:30 past and 14:00 free', () => {
    const result = computeAvailability(input({ date: '2026-10-25', now: new Date('2026-10-25T12:59:00Z') }));
    expectBookable(result);
    expect(slotStates(result)).toMatchObject({ '13:00': 'past', '13:30': 'past', '14:00': 'free', '14:30': 'free' });
  });

  it('at 2026-10-25T11:59Z (12:59 CET) has no slot past', () => {
    const result = computeAvailability(input({ date: '2026-10-25', now: new Date('2026-10-25T11:59:00Z') }));
    expect(result.slots.every((slot) => slot.available)).toBe(true);
  });

  it('at 2026-10-24T22:30Z (00:30 CEST on the 25th) has the 25th as today and the 24th past', () => {
    const now = new Date('2026-10-24T22:30:00Z');
    expect(computeAvailability(input({ date: '2026-10-24', now })).closedReason).toBe('past');
    const today = computeAvailability(input({ date: '2026-10-25', now, pause: { startTime: '17:30', endTime: '17:30' } }));
    expectBookable(today);
    expect(slotStates(today)).toMatchObject({ '13:00': 'free', '17:00': 'free', '17:30': 'paused' });
  });

  it('at 2026-10-25T22:30Z (23:30 CET) is still the 25th, with every slot past', () => {
    const now = new Date('2026-10-25T22:30:00Z');
    const today = computeAvailability(input({ date: '2026-10-25', now }));
    expectBookable(today);
    expect(today.slots.every((slot) => slot.reason === 'past')).toBe(true);
    expect(computeAvailability(input({ date: '2026-10-26', now })).closedReason).toBe('monday');
  });
});

describe('dayClosures (the Reservas tab banners)', () => {
  const open: DayHours = { isOpen: true, openTime: '13:00', closeTime: '18:00', breakStartTime: null, breakEndTime: null };
  const base = { reservationsPaused: false, closedDay: false, mondayOpened: false, hours: open };
  it('names every reason at once, and none on an ordinary open day', () => {
    expect(dayClosures({ ...base, date: '2026-11-24' })).toEqual([]);
    expect(dayClosures({ ...base, date: '2026-11-24', reservationsPaused: true, closedDay: true })).toEqual(['paused_all', 'closed_day']);
    expect(dayClosures({ ...base, date: '2026-11-24', hours: { ...open, isOpen: false } })).toEqual(['closed_weekday']);
  });
  it('closes a Monday unless it is enabled, whatever its row says', () => {
    expect(dayClosures({ ...base, date: '2026-11-23' })).toEqual(['monday']);
    expect(dayClosures({ ...base, date: '2026-11-23', mondayOpened: true })).toEqual([]);
    expect(dayClosures({ ...base, date: '2026-11-23', closedDay: true })).toEqual(['closed_day', 'monday']);
  });
});

describe('staffClosure (a manual reservation into a closed day or time)', () => {
  const hours: DayHours = { isOpen: true, openTime: '13:00', closeTime: '18:00', breakStartTime: '15:00', breakEndTime: '16:00' };
  const day = { openingTime: '13:00', closingTime: '18:00', reservationsPaused: false, closedDay: false, mondayOpened: false, hours };
  it('is open inside the hours, whatever the pauses (they stop guests only)', () => {
    expect(staffClosure({ ...day, date: '2026-11-24' }, '13:00')).toBeNull();
    expect(staffClosure({ ...day, date: '2026-11-24', reservationsPaused: true }, '17:30')).toBeNull();
  });
  it('names the closed day first, then a time outside the hours or in the break', () => {
    expect(staffClosure({ ...day, date: '2026-11-24', closedDay: true }, '13:00')).toBe('closed_day');
    expect(staffClosure({ ...day, date: '2026-11-23' }, '13:00')).toBe('monday');
    expect(staffClosure({ ...day, date: '2026-11-24', hours: { ...hours, isOpen: false } }, '13:00')).toBe('closed_weekday');
    expect(staffClosure({ ...day, date: '2026-11-24' }, '12:30')).toBe('outside_hours');
    expect(staffClosure({ ...day, date: '2026-11-24' }, '15:30')).toBe('outside_hours');
    expect(staffClosure({ ...day, date: '2026-11-24' }, '18:00')).toBe('outside_hours');
  });
});
