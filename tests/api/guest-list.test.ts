// Issue 47, items 1-2: the 'Clientes' list. The profile's figures follow the guest's bookings through the trigger of
// migration 0041 whatever changes them; search, segments, order and pages; the encargado's and the owner's alone.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { guestOutcome } from '@shared/rules/guests.ts';
import { segmentsOf } from '@shared/rules/guest-segments.ts';
import { GUEST_LIST_PAGE_SIZE, GUEST_SEGMENTS, type GuestList } from '@shared/schemas/guest-profile.ts';
import { guestListMessages } from '@shared/staff-messages/guest-list.ts';
import { guests, reservations } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { insertReservation, insertReservations } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db } = useApiSuite({ clock });
let cookie: string;

beforeEach(async () => {
  cookie = await app().signIn();
  await db().delete(reservations);
  await db().delete(guests);
});

const api = (method: InjectOptions['method'], path: string, as = cookie) => app().request({ method, url: `/api/admin${path}`, cookie: as });
const list = async (query = '') => {
  const response = await api('GET', `/guests${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GuestList;
};

let phones = 0;
async function guest(values: { email?: string; tags?: string[] } = {}) {
  const phone = `6${String(10_000_000 + ++phones)}`;
  const [row] = await db()
    .insert(guests)
    .values({ email: values.email ?? `cliente-${randomUUID()}@example.com`, phone, tags: values.tags ?? [] })
    .returning();
  return row!;
}
const figures = async (id: string) => (await db().select().from(guests).where(eq(guests.id, id)))[0]!;
const visit = (guestId: string, reservationDate: string, numberOfPeople = 2) =>
  ({ guestId, reservationDate, numberOfPeople, status: 'completed', arrivalStatus: 'arrived' }) as const;

describe("a guest's figures", () => {
  it('follow every change to the bookings, as guestOutcome classifies them', async () => {
    const ana = await guest();
    await insertReservations(db(), [
      { ...visit(ana.id, '2026-03-10', 4), customerName: 'Ana Primera', createdAt: new Date('2026-03-01T10:00:00Z') },
      { guestId: ana.id, reservationDate: '2026-06-10', status: 'confirmed', arrivalStatus: 'arrived', numberOfPeople: 2, billCents: 8_450, createdAt: new Date('2026-06-01T10:00:00Z') },
      { guestId: ana.id, reservationDate: '2026-09-10', status: 'confirmed', arrivalStatus: 'no_show', createdAt: new Date('2026-09-01T10:00:00Z') },
      // Cancelled by the guest 3 hours before: late. Another, a week before: not late.
      { guestId: ana.id, reservationDate: '2026-10-10', reservationTime: '21:00', status: 'cancelled', cancelledBy: 'guest', cancelledAt: new Date('2026-10-10T16:00:00Z'), createdAt: new Date('2026-10-01T10:00:00Z') },
      { guestId: ana.id, reservationDate: '2026-10-20', status: 'cancelled', cancelledBy: 'guest', cancelledAt: new Date('2026-10-13T10:00:00Z'), createdAt: new Date('2026-10-02T10:00:00Z') },
      { ...visit(ana.id, '2026-11-20', 3), customerName: 'Ana Última', createdAt: new Date('2026-11-02T10:00:00Z') },
    ]);
    expect(await figures(ana.id)).toMatchObject({
      name: 'Ana Última',
      visits: 3,
      covers: 9,
      noShows: 1,
      cancellations: 2,
      lateCancellations: 1,
      firstVisitOn: '2026-03-10',
      lastVisitOn: '2026-11-20',
      thirdLastVisitOn: '2026-03-10',
      spendCents: 8_450,
      spendVisits: 1,
    });

    // The same counts as the rule the guest dialog uses.
    const rows = await db().select().from(reservations).where(eq(reservations.guestId, ana.id));
    const outcomes = rows.map(guestOutcome);
    const row = await figures(ana.id);
    expect([row.visits, row.noShows, row.cancellations]).toEqual(['visit', 'noShow', 'cancellation'].map((kind) => outcomes.filter((o) => o === kind).length));

    // A no-show marked by mistake becomes a visit; a booking moved to another guest leaves; a deleted one goes.
    const noShow = rows.find((each) => each.arrivalStatus === 'no_show')!;
    await db().update(reservations).set({ arrivalStatus: 'arrived' }).where(eq(reservations.id, noShow.id));
    expect(await figures(ana.id)).toMatchObject({ visits: 4, noShows: 0, covers: 11 });
    const other = await guest();
    const last = rows.find((each) => each.reservationDate === '2026-11-20')!;
    await db().update(reservations).set({ guestId: other.id }).where(eq(reservations.id, last.id));
    expect(await figures(ana.id)).toMatchObject({ visits: 3, lastVisitOn: '2026-09-10', name: 'Lucía Fernández' });
    expect(await figures(other.id)).toMatchObject({ visits: 1, covers: 3, name: 'Ana Última', firstVisitOn: '2026-11-20' });
    await db().delete(reservations).where(eq(reservations.id, last.id));
    expect(await figures(other.id)).toMatchObject({ visits: 0, covers: 0, name: null, lastVisitOn: null });
  });
});

describe("'Clientes'", () => {
  it('counts and filters the segments as the rule defines them', async () => {
    const regular = await guest();
    await insertReservations(db(), ['2026-02-01', '2026-05-01', '2026-11-01'].map((date) => visit(regular.id, date)));
    const newcomer = await guest();
    await insertReservation(db(), visit(newcomer.id, '2026-10-01'));
    const neverCame = await guest();
    await insertReservation(db(), { guestId: neverCame.id, reservationDate: '2026-12-01', status: 'confirmed' });
    const lost = await guest({ tags: ['VIP'] });
    await insertReservations(db(), ['2025-09-01', '2026-04-30'].map((date) => visit(lost.id, date)));
    const noShow = await guest();
    await insertReservations(db(), [visit(noShow.id, '2025-01-10'), { guestId: noShow.id, reservationDate: '2026-11-01', status: 'confirmed', arrivalStatus: 'no_show' }]);

    const all = await list();
    expect(all.total).toBe(5);
    expect(all.segments).toEqual({ regulars: 1, new: 2, lost: 1, vip: 1, noShows: 1 });
    const today = '2026-11-24';
    for (const segment of GUEST_SEGMENTS) {
      const filtered = await list(`?segment=${segment}`);
      expect(filtered.total).toBe(all.segments[segment]);
      const rows = await db().select().from(guests).where(inArray(guests.id, filtered.items.map((item) => item.id)));
      for (const row of rows) expect(segmentsOf(row, today)).toContain(segment);
    }
    expect((await list('?segment=regulars')).items.map((item) => item.id)).toEqual([regular.id]);
    expect((await list('?segment=new')).items.map((item) => item.id).sort()).toEqual([newcomer.id, neverCame.id].sort());
  });

  it('finds a guest by part of the name, the email or any digits of the phone, a % literally', async () => {
    const marta = await guest({ email: 'marta.soler@example.com' });
    await insertReservation(db(), { ...visit(marta.id, '2026-11-01'), customerName: 'Marta Soler' });
    await db().update(guests).set({ phone: '612345678' }).where(eq(guests.id, marta.id));
    const other = await guest();
    await insertReservation(db(), { ...visit(other.id, '2026-11-02'), customerName: 'Pedro 100% Gómez' });
    for (const search of ['marta', 'SOLER', 'soler@example', '612 34', '45678']) {
      expect((await list(`?q=${encodeURIComponent(search)}`)).items.map((item) => item.id), search).toEqual([marta.id]);
    }
    expect((await list(`?q=${encodeURIComponent('100%')}`)).items.map((item) => item.name)).toEqual(['Pedro 100% Gómez']);
    expect((await list(`?q=${encodeURIComponent('%')}`)).items.map((item) => item.name)).toEqual(['Pedro 100% Gómez']);
    expect((await list('?q=nadie')).total).toBe(0);
  });

  it('sorts by any column, the guests without the figure last, 50 a page', async () => {
    const made = [];
    for (let index = 0; index < GUEST_LIST_PAGE_SIZE + 10; index += 1) made.push(await guest());
    await insertReservations(db(), made.slice(0, 3).flatMap((each, index) => Array.from({ length: index + 1 }, (_, n) => ({ ...visit(each.id, `2026-0${n + 1}-15`), customerName: `Cliente ${index}`, billCents: 1000 * (index + 1) }))));
    const first = await list('?sort=visits&dir=desc');
    expect(first.items).toHaveLength(GUEST_LIST_PAGE_SIZE);
    expect(first.items.slice(0, 3).map((item) => [item.name, item.visits, item.spendCents])).toEqual([
      ['Cliente 2', 3, 9000],
      ['Cliente 1', 2, 4000],
      ['Cliente 0', 1, 1000],
    ]);
    expect(first.items[3]!.spendCents).toBeNull();
    const second = await list('?sort=visits&dir=desc&page=2');
    expect(second.items).toHaveLength(10);
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(GUEST_LIST_PAGE_SIZE + 10);
    const byName = await list('?sort=name&dir=asc');
    expect(byName.items.slice(0, 3).map((item) => item.name)).toEqual(['Cliente 0', 'Cliente 1', 'Cliente 2']);
    expect(byName.items[0]!.averageParty).toBe(2);
  });

  it('refuses a bad query with a Spanish message, and the floor staff', async () => {
    for (const [query, message] of [
      ['?segment=todos', guestListMessages.errors.segment],
      ['?sort=password', guestListMessages.errors.sort],
      ['?page=0', guestListMessages.errors.page],
      [`?q=${'x'.repeat(101)}`, guestListMessages.errors.search],
    ] as const) {
      const response = await api('GET', `/guests${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await api('GET', '/guests', await app().signIn({ roles: ['floor'] }))).statusCode).toBe(403);
    expect((await api('GET', '/guests', await app().signIn({ roles: ['manager'] }))).statusCode).toBe(200);
  });
});
