import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';

// GET /api/admin/closures/today (issue 19): every reason today (Madrid) takes no bookings, for the Reservas banners.
// Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app } = useApiSuite({ owner: false, clock });
let cookie: string;
beforeAll(async () => {
  cookie = await app().signIn();
});

const call = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie, ...(payload ? { payload } : {}) });
const closures = async () => {
  const response = await call('GET', '/closures/today');
  expect(response.statusCode).toBe(200);
  return response.json() as { date: string; closures: string[] };
};

describe('why today takes no bookings', () => {
  it('is nothing on an open Tuesday, then names each reason the owner turns on, and forgets each one turned off', async () => {
    expect(await closures()).toEqual({ date: '2026-11-24', closures: [] });

    expect((await call('PATCH', '/settings', { reservationsPaused: true })).statusCode).toBe(200);
    expect((await call('POST', '/blocked-days', { date: '2026-11-24', reason: 'Inventario' })).statusCode).toBe(201);
    expect((await call('PATCH', '/operating-hours/2', { isOpen: false })).statusCode).toBe(200);
    expect((await closures()).closures).toEqual(['paused_all', 'closed_day', 'closed_weekday']);

    expect((await call('PATCH', '/settings', { reservationsPaused: false })).statusCode).toBe(200);
    expect((await call('DELETE', '/blocked-days/2026-11-24')).statusCode).toBe(204);
    expect((await call('PATCH', '/operating-hours/2', { isOpen: true })).statusCode).toBe(200);
    expect((await closures()).closures).toEqual([]);
  });

  it('names a Monday that is not enabled, and nothing once it is', async () => {
    clock.set('2026-11-30T10:00:00Z');
    cookie = await app().signIn(); // a session does not outlive six idle days
    try {
      expect(await closures()).toEqual({ date: '2026-11-30', closures: ['monday'] });
      expect((await call('POST', '/monday-exceptions', { date: '2026-11-30' })).statusCode).toBe(201);
      expect((await closures()).closures).toEqual([]);
    } finally {
      clock.set('2026-11-24T10:00:00Z');
    }
  });

  it('is for staff only', async () => {
    const response = await app().request({ method: 'GET', url: '/api/admin/closures/today' });
    expect(response.statusCode).toBe(401);
  });
});
