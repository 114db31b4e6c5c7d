import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDay, monthDates, nextMonth } from './calendar-days.ts';
import type { PacedSlot } from './pacing.ts';

const slot = (time: string, extra: Partial<PacedSlot> = {}): PacedSlot => ({
  time,
  available: true,
  reason: null,
  remainingCovers: null,
  ...extra,
});
const openDay = (slots: PacedSlot[]) => ({ date: '2026-12-02', bookable: true, closedReason: null, slots });

describe('calendarDay', () => {
  it('is closed, with the date’s own reason, when the date takes no bookings', () => {
    for (const reason of ['monday', 'closed_day', 'closed_weekday', 'paused_all', 'past', 'beyond_window'] as const) {
      expect(calendarDay({ date: '2026-12-07', bookable: false, closedReason: reason, slots: [] }, 2)).toEqual({
        date: '2026-12-07',
        state: 'closed',
        reason,
      });
    }
  });

  it('is closed with no_times when every time is past, paused or blocked', () => {
    const slots = [slot('13:00', { available: false, reason: 'past' }), slot('13:30', { available: false, reason: 'blocked' })];
    expect(calendarDay(openDay(slots), 2)).toEqual({ date: '2026-12-02', state: 'closed', reason: 'no_times' });
    expect(calendarDay(openDay([]), 2).reason).toBe('no_times');
  });

  it('is open when one free time has room for the party, counting covers and tables', () => {
    const slots = [slot('13:00', { remainingCovers: 1 }), slot('13:30', { remainingCovers: 4, seatableParties: [2, 4] })];
    expect(calendarDay(openDay(slots), 4).state).toBe('open');
    expect(calendarDay(openDay(slots), 1).state).toBe('open');
  });

  it('is full (still selectable, no reason) when no free time has room for the party', () => {
    const slots = [slot('13:00', { remainingCovers: 3 }), slot('13:30', { remainingCovers: 8, seatableParties: [2, 4] })];
    expect(calendarDay(openDay(slots), 5)).toEqual({ date: '2026-12-02', state: 'full', reason: null });
    // A blocked time with room does not count.
    const blocked = [slot('20:00', { available: false, reason: 'blocked', remainingCovers: 20 }), slot('20:30', { remainingCovers: 0 })];
    expect(calendarDay(openDay(blocked), 2).state).toBe('full');
  });

  it('a party that fits leaves a smaller one fitting too (monotonic in covers mode)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 12 }), (rooms, people) => {
        const day = openDay(rooms.map((room, index) => slot(`${13 + Math.floor(index / 2)}:${index % 2 ? '30' : '00'}`, { remainingCovers: room })));
        const state = calendarDay(day, people).state;
        expect(state).toBe(rooms.some((room) => room >= people) ? 'open' : 'full');
        if (state === 'open' && people > 1) expect(calendarDay(day, people - 1).state).toBe('open');
      }),
    );
  });
});

describe('monthDates', () => {
  it('lists every day of the month, leap years included', () => {
    expect(monthDates('2026-11')).toHaveLength(30);
    expect(monthDates('2026-12').at(-1)).toBe('2026-12-31');
    expect(monthDates('2028-02')).toHaveLength(29);
    expect(monthDates('2027-02')).toHaveLength(28);
    expect(monthDates('2026-03')[0]).toBe('2026-03-01');
  });

  it('refuses what is not a month', () => {
    expect(() => monthDates('2026-1')).toThrow(RangeError);
  });

  it('nextMonth crosses the year', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-02')).toBe('2026-03');
  });
});
