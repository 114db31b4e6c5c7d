import { describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages.ts';
import { calendarDay, type MonthAvailability, monthDates } from '@shared/rules/calendar-days.ts';
import type { PacedAvailability } from '@shared/rules/pacing.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { insertTable } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Tuesday 24 November 2026, 11:00 in Madrid; the window runs to 22 February 2027.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, owner: admin } = useApiSuite({ clock });

const month = async (value: string, people = 2) => {
  const response = await app().request({ method: 'GET', url: `/api/public/availability/month?month=${value}&people=${people}` });
  expect(response.statusCode).toBe(200);
  return response.json<MonthAvailability>();
};
const dayOf = (answer: MonthAvailability, date: string) => answer.days.find((day) => day.date === date)!;
/**
 * Month answers are kept until the change bus reports a change, which arrives just after the write's commit
 * (LISTEN/NOTIFY): an assertion after a change is retried until it holds.
 */
const eventually = (assertion: () => Promise<void>) =>
  waitFor(async () => {
    await assertion();
    return true;
  }, { timeoutMs: 5000, what: 'the month answer to follow the change' });
const adminApi = (method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, payload, cookie: admin() });
const book = (date: string, time: string, people: number) =>
  app().request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: freshAddress(),
    payload: bookingBody({ numberOfPeople: people, reservationDate: date, reservationTime: time }),
  });

describe('GET /api/public/availability/month', () => {
  it('lists every day of the month: past days and Mondays closed, the rest open, today first', async () => {
    const answer = await month('2026-11');
    expect(answer).toMatchObject({ month: '2026-11', people: 2, today: '2026-11-24', lastDay: '2027-02-22', firstOpenDay: '2026-11-24' });
    expect(answer.days.map((day) => day.date)).toEqual(monthDates('2026-11'));
    expect(dayOf(answer, '2026-11-23')).toEqual({ date: '2026-11-23', state: 'closed', reason: 'past' });
    expect(dayOf(answer, '2026-11-24')).toEqual({ date: '2026-11-24', state: 'open', reason: null });
    expect(dayOf(answer, '2026-11-30')).toEqual({ date: '2026-11-30', state: 'closed', reason: 'monday' });
  });

  it('closes the days past the window, and answers a month wholly outside it', async () => {
    const february = await month('2027-02');
    expect(dayOf(february, '2027-02-23')).toMatchObject({ state: 'closed', reason: 'beyond_window' });
    expect(dayOf(february, '2027-02-21').state).toBe('open');
    expect(dayOf(february, '2027-02-22')).toMatchObject({ state: 'closed', reason: 'monday' });
    expect((await month('2027-06')).days.every((day) => day.reason === 'beyond_window')).toBe(true);
    expect((await month('2020-01')).days.every((day) => day.reason === 'past')).toBe(true);
  });

  it('follows a blocked day, an opened Monday and a closed weekday as soon as staff change them', async () => {
    expect((await adminApi('POST', '/blocked-days', { date: '2026-12-03' })).statusCode).toBeLessThan(300);
    expect((await adminApi('POST', '/monday-exceptions', { date: '2026-12-07' })).statusCode).toBeLessThan(300);
    const wednesday = { isOpen: false, openTime: '13:00', closeTime: '18:00', breakStartTime: null, breakEndTime: null };
    expect((await adminApi('PATCH', '/operating-hours/3', wednesday)).statusCode).toBe(200);

    await eventually(async () => {
      const december = await month('2026-12');
      expect(dayOf(december, '2026-12-03')).toMatchObject({ state: 'closed', reason: 'closed_day' });
      expect(dayOf(december, '2026-12-07')).toMatchObject({ state: 'open', reason: null });
      expect(dayOf(december, '2026-12-14')).toMatchObject({ state: 'closed', reason: 'monday' });
      expect(dayOf(december, '2026-12-09')).toMatchObject({ state: 'closed', reason: 'closed_weekday' });
    });

    await adminApi('PATCH', '/operating-hours/3', { ...wednesday, isOpen: true });
    await adminApi('DELETE', '/blocked-days/2026-12-03');
    await eventually(async () => {
      const december = await month('2026-12');
      expect(dayOf(december, '2026-12-03').state).toBe('open');
      expect(dayOf(december, '2026-12-09').state).toBe('open');
    });
  });

  it('marks a day full for a party no time can take any more, open for a smaller one, and skips it as first open day', async () => {
    expect((await adminApi('PATCH', '/settings', { maxCoversPerDay: 6 })).statusCode).toBe(200);
    expect((await book('2026-11-24', '14:00', 4)).statusCode).toBe(201);
    await eventually(async () => {
      const forFour = await month('2026-11', 4);
      expect(dayOf(forFour, '2026-11-24')).toEqual({ date: '2026-11-24', state: 'full', reason: null });
      expect(forFour.firstOpenDay).toBe('2026-11-25');
      const forTwo = await month('2026-11', 2);
      expect(dayOf(forTwo, '2026-11-24').state).toBe('open');
      expect(forTwo.firstOpenDay).toBe('2026-11-24');
    });
    await adminApi('PATCH', '/settings', { maxCoversPerDay: null });
  });

  it('closes today once its last time has passed, with no_times', async () => {
    clock.set('2026-11-24T22:50:00Z'); // 23:50 in Madrid
    const answer = await month('2026-11');
    expect(dayOf(answer, '2026-11-24')).toMatchObject({ state: 'closed', reason: 'no_times' });
    expect(answer.firstOpenDay).toBe('2026-11-25');
    clock.set('2026-11-24T10:00:00Z');
  });

  it('closes every day while reservations are paused, with no first open day', async () => {
    await adminApi('PATCH', '/settings', { reservationsPaused: true });
    await eventually(async () => {
      const answer = await month('2026-12');
      expect(answer.days.every((day) => day.state === 'closed')).toBe(true);
      expect(dayOf(answer, '2026-12-02').reason).toBe('paused_all');
      expect(answer.firstOpenDay).toBeNull();
    });
    await adminApi('PATCH', '/settings', { reservationsPaused: false });
    await eventually(async () => expect((await month('2026-12')).firstOpenDay).toBe('2026-11-24'));
  });

  it('agrees day by day with the single date’s availability, in covers and in tables mode', async () => {
    await adminApi('POST', '/time-blocks', { date: '2026-12-05', startTime: '13:00', endTime: '18:00' });
    await adminApi('PATCH', '/settings', { maxCoversPerSlot: 6 });
    await book('2026-12-04', '13:00', 6);
    await book('2026-12-02', '13:00', 3);
    for (const mode of ['covers', 'tables'] as const) {
      if (mode === 'tables') {
        await insertTable(app().instance.database.db, { tableNumber: 1, seats: 4 });
        await adminApi('PATCH', '/settings', { capacityMode: 'tables' });
      }
      await eventually(async () => {
        for (const people of [1, 4, 6]) {
          const answer = await month('2026-12', people);
          for (const date of ['2026-12-01', '2026-12-02', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07']) {
            const single = await app().request({ method: 'GET', url: `/api/public/availability?date=${date}` });
            expect(dayOf(answer, date), `${mode} ${people} ${date}`).toEqual(calendarDay(single.json<PacedAvailability>(), people));
          }
        }
        // A table for four: a party of six has no table on any day, though the covers would allow it.
        if (mode === 'tables') expect(dayOf(await month('2026-12', 6), '2026-12-02').state).toBe('full');
      });
    }
    await adminApi('PATCH', '/settings', { capacityMode: 'covers', maxCoversPerSlot: null });
  });

  it.each([
    ['month=2026-13&people=2', messages.reservation.validation.monthFormat],
    ['month=2026-1&people=2', messages.reservation.validation.monthFormat],
    ['month=abcdefghijklmnopqrstuvwxyz&people=2', messages.reservation.validation.monthFormat],
    ['people=2', messages.reservation.validation.monthFormat],
    ['month=2026-12&people=0', messages.reservation.validation.peopleMin],
    ['month=2026-12&people=13', messages.reservation.validation.peopleMax],
    ['month=2026-12&people=dos', messages.reservation.validation.peopleInvalid],
    ['month=2026-12&people=2&month=2027-01', messages.reservation.validation.monthFormat],
    ['month=0000-01&people=2', messages.reservation.validation.monthRange],
    ['month=1999-12&people=2', messages.reservation.validation.monthRange],
    ['month=2101-01&people=2', messages.reservation.validation.monthRange],
    ['month=9999-12&people=2', messages.reservation.validation.monthRange],
    ['month=9999-99&people=2', messages.reservation.validation.monthFormat],
    ['month=2026-00&people=2', messages.reservation.validation.monthFormat],
    ['month=-0001-01&people=2', messages.reservation.validation.monthFormat],
    ['month=+2026-01&people=2', messages.reservation.validation.monthFormat],
    ['month=%202026-01&people=2', messages.reservation.validation.monthFormat],
    ['month=2026-01%00&people=2', messages.http.invalidCharacters],
    ['month=%EF%BC%92026-01&people=2', messages.reservation.validation.monthFormat],
  ])('refuses %s with a Spanish 400', async (query, message) => {
    const response = await app().request({ method: 'GET', url: `/api/public/availability/month?${query}` });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('refuses a month of 35,000 characters with a Spanish 400', async () => {
    const response = await app().request({ method: 'GET', url: `/api/public/availability/month?month=${'2026-01'.repeat(5000)}&people=2` });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(messages.http.textTooLong);
  });

  it('answers a month outside the window all closed without reading the database or keeping it', async () => {
    clock.set('2026-11-24T10:07:00Z'); // a minute no other test has asked about: nothing of it is cached yet
    const calendarReads = countCalendarReads();
    try {
      await month('2026-12');
      expect(calendarReads.count, 'a month in the window is read (the counter works)').toBeGreaterThan(0);

      calendarReads.count = 0;
      // More junk months than the month cache holds: kept, they would push the real ones out.
      const junk = Array.from({ length: 12 * 21 }, (_, index) => `${2030 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
      for (const value of [...junk, '2000-01', '2026-10', '2100-12']) {
        const answer = await month(value);
        expect(answer.days.every((day) => day.state === 'closed' && (day.reason === 'past' || day.reason === 'beyond_window')), value).toBe(true);
        expect(answer.firstOpenDay).toBe('2026-11-24');
      }
      expect(calendarReads.count, 'months outside the window read nothing').toBe(0);

      await month('2026-12');
      expect(calendarReads.count, 'the window’s months are still cached').toBe(0);
    } finally {
      calendarReads.restore();
      clock.set('2026-11-24T10:00:00Z');
    }
  });
});

/** Counts the statements that read the calendar (what a month answer reads) sent on the app's database client. */
function countCalendarReads() {
  const client = (app().instance.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const reads = /restaurant_config|operating_hours|date_exceptions|monday_exceptions|time_blocks|daily_reservation_pauses/;
  const counter = { count: 0, restore: () => {} };
  const original = client.query;
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
    if (reads.test(text)) counter.count += 1;
    return original.apply(client, args);
  });
  counter.restore = () => spy.mockRestore();
  return counter;
}
