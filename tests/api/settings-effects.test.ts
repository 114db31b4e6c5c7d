import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatingHoursDefaults } from '@shared/defaults.ts';
import { messages } from '@shared/messages.ts';
import { mondayExceptions, operatingHours, timeBlocks } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// What the Horarios screen changes, seen from the public side (spec points 2, 4 and 5): every change is made
// through the admin API and checked through the public availability and booking endpoints.
// tests/api/settings.test.ts holds the single-effect cases; these are the exact slot lists and the combinations.
// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const MONDAY = '2026-11-30';
const NEXT_MONDAY = '2026-12-07';
const FRIDAY = '2026-12-04';
const SUNDAY = '2026-11-29';
const DEFAULT_SLOTS = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'];
const MONDAY_SENTENCE = 'Los lunes están permanentemente cerrados por política del restaurante';

const clock = new ManualClock(NOW);
const { app, db, owner: admin } = useApiSuite({ clock });
beforeEach(() => clock.set(NOW));
afterEach(async () => {
  for (const { dayOfWeek, ...hours } of operatingHoursDefaults) {
    await db().update(operatingHours).set(hours).where(eq(operatingHours.dayOfWeek, dayOfWeek));
  }
  await db().delete(mondayExceptions);
  await db().delete(timeBlocks);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie: admin(), ...(payload === undefined ? {} : { payload }) });

const book = (reservationDate: string, reservationTime: string) =>
  app().request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: freshAddress(),
    payload: bookingBody({ customerPhone: '+34 611 222 333', reservationDate, reservationTime }),
  });

interface SlotView {
  time: string;
  available: boolean;
  reason: string | null;
}
async function availability(date: string) {
  const response = await app().request({ method: 'GET', url: `/api/public/availability?date=${date}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { bookable: boolean; closedReason: string | null; slots: SlotView[] };
}
const times = async (date: string) => (await availability(date)).slots.map((slot) => slot.time);
const freeTimes = async (date: string) =>
  (await availability(date)).slots.filter((slot) => slot.available).map((slot) => slot.time);
const blockedTimes = async (date: string) =>
  (await availability(date)).slots.filter((slot) => slot.reason === 'blocked').map((slot) => slot.time);

describe('Monday exceptions', () => {
  it('an opened Monday offers its own row hours and takes bookings; deleting it closes it again', async () => {
    // Monday's hours can be set while it stays closed; they are what an opened Monday offers.
    const hours = await call('PATCH', '/operating-hours/1', { openTime: '12:00', closeTime: '15:00' });
    expect(hours.statusCode).toBe(200);
    expect(hours.json()).toMatchObject({ dayOfWeek: 1, isOpen: false, openTime: '12:00', closeTime: '15:00' });

    expect(await availability(MONDAY)).toMatchObject({ bookable: false, closedReason: 'monday', slots: [] });
    const refused = await book(MONDAY, '12:30');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(messages.reservation.dateRules.monday);

    const created = await call('POST', '/monday-exceptions', { date: MONDAY, reason: 'Cena de empresa' });
    expect(created.statusCode).toBe(201);
    expect(await times(MONDAY)).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '14:30']);
    expect((await book(MONDAY, '12:30')).statusCode).toBe(201);
    // Only that Monday: the next one stays closed.
    expect((await availability(NEXT_MONDAY)).closedReason).toBe('monday');
    expect((await book(NEXT_MONDAY, '12:30')).statusCode).toBe(422);

    expect((await call('DELETE', `/monday-exceptions/${created.json().id}`)).statusCode).toBe(204);
    expect(await availability(MONDAY)).toMatchObject({ bookable: false, closedReason: 'monday', slots: [] });
    const refusedAgain = await book(MONDAY, '13:00');
    expect(refusedAgain.statusCode).toBe(422);
    expect(refusedAgain.json().error.message).toBe(messages.reservation.dateRules.monday);
  });

  it('opening the same Monday twice keeps one exception, with the latest reason', async () => {
    expect((await call('POST', '/monday-exceptions', { date: MONDAY })).statusCode).toBe(201);
    const again = await call('POST', '/monday-exceptions', { date: MONDAY, reason: 'Puente' });
    expect(again.statusCode).toBe(201);
    const listed = (await call('GET', '/monday-exceptions')).json() as Array<{ date: string; reason: string }>;
    expect(listed).toEqual([expect.objectContaining({ date: MONDAY, reason: 'Puente' })]);
    expect(await times(MONDAY)).toEqual(DEFAULT_SLOTS);
  });

  it('never opens Monday, not even with other fields in the same PATCH, and saves none of them', async () => {
    const response = await call('PATCH', '/operating-hours/1', { isOpen: true, openTime: '12:00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MONDAY_SENTENCE);
    const [monday] = await db().select().from(operatingHours).where(eq(operatingHours.dayOfWeek, 1));
    expect(monday).toMatchObject({ isOpen: false, openTime: '13:00' });
    expect((await availability(MONDAY)).closedReason).toBe('monday');
  });
});

describe('time blocks', () => {
  it('blocks exactly the slots in [start, end) of its date, also with times off the half hour', async () => {
    expect((await call('POST', '/time-blocks', { date: FRIDAY, startTime: '13:00', endTime: '14:30' })).statusCode).toBe(201);
    expect((await call('POST', '/time-blocks', { date: FRIDAY, startTime: '15:15', endTime: '16:15' })).statusCode).toBe(201);

    expect(await times(FRIDAY)).toEqual(DEFAULT_SLOTS);
    expect(await blockedTimes(FRIDAY)).toEqual(['13:00', '13:30', '14:00', '15:30', '16:00']);
    expect(await freeTimes(FRIDAY)).toEqual(['14:30', '15:00', '16:30', '17:00', '17:30']);
    // The same weekday a week later is untouched.
    expect(await freeTimes('2026-12-11')).toEqual(DEFAULT_SLOTS);

    for (const time of ['13:00', '14:00', '15:30']) {
      const refused = await book(FRIDAY, time);
      expect(refused.statusCode, time).toBe(422);
      expect(refused.json().error.code).toBe('slot_unavailable');
    }
    expect((await book(FRIDAY, '14:30')).statusCode).toBe(201);
    expect((await book(FRIDAY, '16:30')).statusCode).toBe(201);
  });

  it('deleting one of two blocks frees only its own slots', async () => {
    const first = await call('POST', '/time-blocks', { date: FRIDAY, startTime: '13:00', endTime: '14:00' });
    expect((await call('POST', '/time-blocks', { date: FRIDAY, startTime: '17:00', endTime: '18:00' })).statusCode).toBe(201);
    expect(await blockedTimes(FRIDAY)).toEqual(['13:00', '13:30', '17:00', '17:30']);
    expect((await call('DELETE', `/time-blocks/${first.json().id}`)).statusCode).toBe(204);
    expect(await blockedTimes(FRIDAY)).toEqual(['17:00', '17:30']);
    expect((await book(FRIDAY, '13:00')).statusCode).toBe(201);
  });
});

describe('weekly hours', () => {
  it('new hours and a break set in one PATCH give exactly their slots, and only on that weekday', async () => {
    const response = await call('PATCH', '/operating-hours/5', {
      openTime: '12:00',
      closeTime: '20:00',
      breakStartTime: '15:00',
      breakEndTime: '17:00',
    });
    expect(response.statusCode).toBe(200);
    expect(await times(FRIDAY)).toEqual([
      ...['12:00', '12:30', '13:00', '13:30', '14:00', '14:30'],
      ...['17:00', '17:30', '18:00', '18:30', '19:00', '19:30'],
    ]);
    expect(await times('2026-12-03')).toEqual(DEFAULT_SLOTS); // Thursday

    expect((await book(FRIDAY, '12:00')).statusCode).toBe(201);
    expect((await book(FRIDAY, '19:30')).statusCode).toBe(201);
    for (const time of ['16:30', '20:00', '11:30']) expect((await book(FRIDAY, time)).statusCode, time).toBe(422);
  });

  it('a block inside the hours marks slots blocked; a break removes them altogether', async () => {
    expect((await call('PATCH', '/operating-hours/5', { breakStartTime: '14:00', breakEndTime: '15:00' })).statusCode).toBe(200);
    expect((await call('POST', '/time-blocks', { date: FRIDAY, startTime: '16:00', endTime: '17:00' })).statusCode).toBe(201);
    const { slots } = await availability(FRIDAY);
    expect(slots.map((slot) => [slot.time, slot.reason])).toEqual([
      ['13:00', null],
      ['13:30', null],
      ['15:00', null],
      ['15:30', null],
      ['16:00', 'blocked'],
      ['16:30', 'blocked'],
      ['17:00', null],
      ['17:30', null],
    ]);
  });

  it('a shorter day moves the last slot to half an hour before closing', async () => {
    expect((await call('PATCH', '/operating-hours/6', { closeTime: '16:00' })).statusCode).toBe(200);
    expect(await times('2026-11-28')).toEqual(['13:00', '13:30', '14:00', '14:30', '15:00', '15:30']);
    expect((await book('2026-11-28', '16:00')).statusCode).toBe(422);
    expect((await book('2026-11-28', '15:30')).statusCode).toBe(201);
  });

  it('closing a weekday closes every such date and reopening brings its hours back unchanged', async () => {
    expect((await call('PATCH', '/operating-hours/0', { openTime: '14:00', closeTime: '16:00' })).statusCode).toBe(200);
    expect((await call('PATCH', '/operating-hours/0', { isOpen: false })).statusCode).toBe(200);
    for (const date of [SUNDAY, '2026-12-06', '2027-01-03']) {
      expect(await availability(date), date).toMatchObject({ bookable: false, closedReason: 'closed_weekday', slots: [] });
    }
    const refused = await book(SUNDAY, '14:00');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('En esta fecha no aceptamos reservas. Por favor, selecciona otro día disponible.');
    expect((await availability('2026-11-28')).bookable).toBe(true); // Saturday

    expect((await call('PATCH', '/operating-hours/0', { isOpen: true })).statusCode).toBe(200);
    expect(await times(SUNDAY)).toEqual(['14:00', '14:30', '15:00', '15:30']);
    expect((await book(SUNDAY, '14:00')).statusCode).toBe(201);
  });

  it('changing today\'s hours changes today\'s slots, past ones still marked past', async () => {
    clock.set('2026-11-24T12:10:00Z'); // 13:10 in Madrid
    expect((await call('PATCH', '/operating-hours/2', { openTime: '12:00', closeTime: '15:00' })).statusCode).toBe(200);
    const { slots } = await availability('2026-11-24');
    expect(slots.map((slot) => [slot.time, slot.reason])).toEqual([
      ['12:00', 'past'],
      ['12:30', 'past'],
      ['13:00', 'past'],
      ['13:30', null],
      ['14:00', null],
      ['14:30', null],
    ]);
  });
});
