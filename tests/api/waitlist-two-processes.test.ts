import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, reservations, waitlistEntries, waitlistOffers } from '../../src/server/db/schema.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservations, uniqueEmail } from '../support/factories.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 23, item 4: a full time, 50 parties on its waitlist, and two server processes on one PostgreSQL database.
// 25 bookings are cancelled at once, half on each process, while every offer is accepted twice at once, once on
// each. Each freed place is offered to one party only, in list order; each offer books once; the covers never pass
// the maximum. Only the database's locks order them: the processes share nothing else.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BOOKINGS = 25;
const WAITING = 50;
const PARTY = 2;
const TIME = '14:00';

describe.skipIf(!onPostgres)('the waitlist on two server processes', () => {
  let two: TwoServers;
  const date = openDayNextWeek();
  const db = () => two.database.handle.db;

  beforeAll(async () => {
    two = await startTwoServers('lista-espera');
    expect((await two.admin(0, 'PATCH', '/settings', { maxCoversPerSlot: BOOKINGS * PARTY })).status).toBe(200);
  }, 180_000);
  afterAll(() => two?.stop(), 60_000);

  const post = (instance: 0 | 1, url: string, body?: object) => {
    const server = two.servers[instance];
    return fetch(`${server.url}/api/public${url}`, {
      method: 'POST',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), origin: server.url, 'x-forwarded-for': two.freshIp() },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  };

  it('offers each freed place once, in list order, and books each accepted offer once', async () => {
    const booked = await insertReservations(
      db(),
      Array.from({ length: BOOKINGS }, () => ({ reservationDate: date, reservationTime: TIME, numberOfPeople: PARTY, status: 'confirmed' as const, customerEmail: uniqueEmail() })),
    );
    const entryIds: string[] = [];
    for (let index = 0; index < WAITING; index += 1) {
      const id = randomUUID();
      entryIds.push(id);
      const response = await post((index % 2) as 0 | 1, '/waitlist', {
        id,
        customerName: 'Espera Simultánea',
        customerPhone: '+34 600 123 456',
        customerEmail: uniqueEmail(`espera-${index}`),
        numberOfPeople: PARTY,
        reservationDate: date,
        reservationTime: TIME,
        privacyConsent: true,
      });
      expect(response.status).toBe(201);
    }

    // Every offer, as soon as its email is queued, is accepted twice at once: once on each process.
    const acceptances: Array<Promise<number[]>> = [];
    const seen = new Set<string>();
    let cancelling = true;
    const acceptOffers = (async () => {
      while (cancelling || seen.size < BOOKINGS) {
        const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'waitlist_offer'));
        for (const email of emails) {
          if (seen.has(String(email.id))) continue;
          seen.add(String(email.id));
          const token = (await deliveredEmail(db(), email)).text.match(/\/oferta\/([\w-]{43})/)![1]!;
          acceptances.push(Promise.all([0, 1].map(async (instance) => (await post(instance as 0 | 1, `/waitlist-offers/${token}/accept`)).status)));
        }
        if (seen.size >= BOOKINGS) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const cancellations = await Promise.all(
      booked.map((booking, index) =>
        two.admin((index % 2) as 0 | 1, 'PATCH', `/reservations/${booking.id}/status`, { status: 'cancelled', reason: 'Cancelada por teléfono' }),
      ),
    );
    cancelling = false;
    expect(cancellations.every((answer) => answer.status === 200)).toBe(true);
    await waitFor(() => seen.size >= BOOKINGS, { timeoutMs: 60_000, what: 'an offer for every freed place' });
    await acceptOffers;
    const answers = await Promise.all(acceptances);

    // Each offer: one acceptance booked it, the other was told the link was spent.
    expect(answers).toHaveLength(BOOKINGS);
    for (const pair of answers) expect(pair.sort()).toEqual([201, 409]);

    const offers = await db().select().from(waitlistOffers);
    expect(offers).toHaveLength(BOOKINGS);
    expect(offers.every((offer) => offer.status === 'accepted' && offer.reservationId)).toBe(true);
    // One offer per party, to the first 25 parties of the list.
    expect(new Set(offers.map((offer) => offer.entryId))).toEqual(new Set(entryIds.slice(0, BOOKINGS)));
    const entries = await db().select().from(waitlistEntries).where(inArray(waitlistEntries.id, entryIds));
    expect(entries.filter((entry) => entry.status === 'booked')).toHaveLength(BOOKINGS);
    expect(entries.filter((entry) => entry.status === 'waiting')).toHaveLength(WAITING - BOOKINGS);

    const active = await db()
      .select()
      .from(reservations)
      .where(and(eq(reservations.reservationDate, date), inArray(reservations.status, ['pending', 'confirmed'])));
    expect(active).toHaveLength(BOOKINGS);
    expect(active.reduce((covers, row) => covers + row.numberOfPeople, 0)).toBe(BOOKINGS * PARTY);
    expect(new Set(active.map((row) => row.id))).toEqual(new Set(offers.map((offer) => offer.reservationId)));
  }, 180_000);
});
