import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import type { Statistics } from '@shared/schemas/statistics.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db, owner: cookie } = useApiSuite({ clock });

let booked = 0;
async function book(overrides: Record<string, unknown>) {
  const body = bookingBody({
    customerName: 'Lucía Google',
    customerPhone: `+34 600 ${String(100_000 + ++booked).slice(0, 3)} ${String(booked).padStart(3, '0')}`,
    customerEmail: `lucia-${randomUUID().slice(0, 8)}@example.com`,
    reservationDate: '2026-11-25',
    reservationTime: '13:30',
    ...overrides,
  });
  const response = await app().request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress: freshAddress() });
  return { body, response };
}

const sourceOf = async (id: string) => (await db().select({ source: reservations.source }).from(reservations).where(eq(reservations.id, id)))[0]?.source;
const get = (url: string) => app().request({ method: 'GET', url, headers: { cookie: cookie() } });

describe("Google's booking link (issue 48, item 4)", () => {
  it('marks a booking made from it as Google, and ignores any other origin', async () => {
    const fromGoogle = await book({ origin: 'google' });
    expect(fromGoogle.response.statusCode).toBe(201);
    expect(await sourceOf(fromGoogle.body.id)).toBe('google');

    const elsewhere = await book({ origin: 'facebook' });
    expect(elsewhere.response.statusCode).toBe(201);
    expect(await sourceOf(elsewhere.body.id)).toBe('public');
    const plain = await book({});
    expect(await sourceOf(plain.body.id)).toBe('public');

    // The staff lists carry the source (the card shows 'Origen: Google'); a web request's risk point applies to it too.
    const upcoming = (await get('/api/admin/reservations/upcoming')).json<AdminReservation[]>();
    const card = upcoming.find((row) => row.id === fromGoogle.body.id);
    expect(card?.source).toBe('google');
    expect(card?.noShowRisk?.reasons).toContain('webRequest');

    // Estadísticas counts Google apart from the web form.
    const figures = (await get('/api/admin/statistics?from=2026-11-25&to=2026-11-25')).json<Statistics>();
    expect(figures.sources).toEqual([
      { source: 'public', count: 2 },
      { source: 'google', count: 1 },
      { source: 'admin', count: 0 },
      { source: 'walk_in', count: 0 },
    ]);
  });

  it("keeps Google as the origin of the guest's change request", async () => {
    const { body, response } = await book({ origin: 'google', reservationTime: '14:00' });
    const token = response.json<{ managePath: string }>().managePath.split('/').pop()!;
    const changed = await app().request({
      method: 'POST',
      url: `/api/public/guest-reservations/${token}/change-request`,
      payload: { reservationDate: '2026-11-26', reservationTime: '14:00', numberOfPeople: 3 },
      remoteAddress: '10.9.1.1',
    });
    expect(changed.statusCode).toBe(201);
    const request = changed.json<{ id: string }>();
    expect(request.id).not.toBe(body.id);
    expect(await sourceOf(request.id)).toBe('google');
  });

  it('gives Configuración › General the link to paste in Google, with its utm_source', async () => {
    const info = (await get('/api/admin/settings/embed')).json<{ bookingUrl: string }>();
    expect(new URL(info.bookingUrl).searchParams.get('utm_source')).toBe('google');
  });
});
