import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthAvailability } from '@shared/rules/calendar-days.ts';
import { openDayNextWeek, publicBooking } from '../support/bookings.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 25: each server process keeps its month answers until the change bus reports a change. A booking or a
// closure made through one process must show in the other's calendar, which only LISTEN/NOTIFY can tell it.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('the booking calendar on two server processes', () => {
  let two: TwoServers;
  const date = openDayNextWeek();
  const month = date.slice(0, 7);

  beforeAll(async () => {
    two = await startTwoServers('calendario-procesos');
    expect((await two.admin(0, 'PATCH', '/settings', { maxCoversPerDay: 2 })).status).toBe(200);
  }, 180_000);
  afterAll(() => two?.stop(), 60_000);

  const stateOn = async (instance: 0 | 1, people = 2) => {
    const server = two.servers[instance];
    const response = await fetch(`${server.url}/api/public/availability/month?month=${month}&people=${people}`);
    expect(response.status).toBe(200);
    return (await response.json() as MonthAvailability).days.find((day) => day.date === date)!;
  };

  it('shows a day filled through one process as full on the other, and a day blocked on one as closed on the other', async () => {
    // Both processes have the month kept before the change.
    expect((await stateOn(0)).state).toBe('open');
    expect((await stateOn(1)).state).toBe('open');

    const server = two.servers[0];
    const booked = await fetch(`${server.url}/api/public/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': two.freshIp() },
      body: JSON.stringify(publicBooking(date, 1)),
    });
    expect(booked.status).toBe(201);
    await waitFor(async () => (await stateOn(1)).state === 'full', { what: 'the second process to see the day full' });
    expect((await stateOn(1, 1)).state).toBe('full');

    expect((await two.admin(1, 'POST', '/blocked-days', { date })).status).toBeLessThan(300);
    await waitFor(async () => (await stateOn(0)).reason === 'closed_day', { what: 'the first process to see the day closed' });
  }, 60_000);
});
