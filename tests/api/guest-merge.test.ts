// Issue 47, item 1: 'Unir clientes'. Two profiles of one person become one with the whole history, recorded; bad
// merges are refused; erasing the kept guest takes the joined profile's data too; on two server processes, the same
// pair merged at once from both is merged once.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { guestListMessages } from '@shared/staff-messages/guest-list.ts';
import { consentimientos, erasureRequests, guestMerges, guests, reservations } from '../../src/server/db/schema.ts';
import { insertReservation, insertReservations, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { startTwoServers } from '../support/two-servers.ts';

const text = guestListMessages.merge.errors;
const ownerEmail = uniqueEmail('dueno-union');
const { app, db, owner: cookie } = useApiSuite({ ownerEmail });


const api = (method: InjectOptions['method'], path: string, payload?: object, as = cookie()) =>
  app().request({ method, url: `/api/admin${path}`, cookie: as, ...(payload ? { payload } : {}) });
const merge = (keptId: string, otherGuestId: string, as = cookie()) => api('POST', `/guests/${keptId}/merge`, { otherGuestId }, as);

let phones = 0;
async function guest(values: Partial<typeof guests.$inferInsert> = {}) {
  const [row] = await db()
    .insert(guests)
    .values({ email: uniqueEmail('cliente'), phone: `7${String(10_000_000 + ++phones)}`, ...values })
    .returning();
  return row!;
}
const visit = (guestId: string, reservationDate: string) => ({ guestId, reservationDate, status: 'completed', arrivalStatus: 'arrived' }) as const;
const guestRow = async (id: string) => (await db().select().from(guests).where(eq(guests.id, id)))[0];

describe("'Unir clientes'", () => {
  it('moves the bookings and joins tags, allergens and notes into the kept profile, and records the merge', async () => {
    const kept = await guest({ email: 'ines.trabajo@example.com', tags: ['VIP'], allergens: ['gluten'], note: 'Mesa junto a la ventana' });
    const other = await guest({ email: 'ines.casa@example.com', phone: null, tags: ['Cumpleaños', 'VIP'], allergens: ['milk'], note: 'Celíaca' });
    await insertReservations(db(), [visit(kept.id, '2026-05-01'), visit(other.id, '2026-06-01'), visit(other.id, '2026-07-01')]);
    const response = await merge(kept.id, other.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ keptGuestId: kept.id, mergedGuestId: other.id, reservationsMoved: 2 });

    expect(await guestRow(other.id)).toBeUndefined();
    expect(await guestRow(kept.id)).toMatchObject({
      email: 'ines.trabajo@example.com',
      visits: 3,
      lastVisitOn: '2026-07-01',
      tags: ['Cumpleaños', 'VIP'],
      allergens: ['gluten', 'milk'],
      note: 'Mesa junto a la ventana\nCelíaca',
    });
    expect(await db().select().from(reservations).where(eq(reservations.guestId, kept.id))).toHaveLength(3);
    const [log] = await db().select().from(guestMerges).where(eq(guestMerges.keptGuestId, kept.id));
    expect(log).toMatchObject({ mergedGuestId: other.id, mergedEmail: 'ines.casa@example.com', reservationsMoved: 2, actorEmail: ownerEmail });

    // The same merge again: the other profile is gone.
    const again = await merge(kept.id, other.id);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain(text.notFound);
  });

  it('suggests the profiles whose bookings share a phone or an email with this one', async () => {
    const ana = await guest({ email: 'ana.uno@example.com' });
    const sameAna = await guest({ email: 'ana.dos@example.com', phone: null });
    const stranger = await guest();
    await insertReservations(db(), [
      { ...visit(ana.id, '2026-02-01'), customerPhone: '611 222 333', customerEmail: 'ana.uno@example.com' },
      { ...visit(sameAna.id, '2026-03-01'), customerPhone: '611 222 333', customerEmail: 'ana.dos@example.com' },
      { ...visit(stranger.id, '2026-03-01'), customerPhone: '699 000 111', customerEmail: stranger.email },
    ]);
    const response = await api('GET', `/guests/${ana.id}/duplicates`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ id: sameAna.id, email: 'ana.dos@example.com', matchedBy: 'phone', visits: 1 })]);
    expect((await api('GET', `/guests/${stranger.id}/duplicates`)).json()).toEqual([]);
    expect((await api('GET', `/guests/${ana.id}/duplicates`, undefined, await app().signIn({ roles: ['floor'] }))).statusCode).toBe(403);
  });

  it('takes the contact the kept profile lacked', async () => {
    const kept = await guest({ email: null });
    const other = await guest({ phone: null, email: 'solo.email@example.com' });
    expect((await merge(kept.id, other.id)).statusCode).toBe(200);
    expect(await guestRow(kept.id)).toMatchObject({ email: 'solo.email@example.com', phone: kept.phone });
  });

  it('refuses itself, a malformed id, a guest asking for erasure, notes too long together, and the floor staff', async () => {
    const one = await guest();
    const two = await guest();
    expect((await merge(one.id, one.id)).body).toContain(text.same);
    const malformed = await api('POST', `/guests/${one.id}/merge`, { otherGuestId: 'nope' });
    expect([malformed.statusCode, malformed.body.includes(text.invalid)]).toEqual([400, true]);
    expect((await merge(one.id, two.id, await app().signIn({ roles: ['floor'] }))).statusCode).toBe(403);

    const booking = await insertReservation(db(), visit(two.id, '2026-08-01'));
    await db().insert(erasureRequests).values({ id: randomUUID(), reservationId: booking.id, tokenHash: `hash-${randomUUID()}`, expiresAt: new Date(Date.now() + 3_600_000) });
    const erasing = await merge(one.id, two.id);
    expect([erasing.statusCode, erasing.body.includes(text.beingErased)]).toEqual([409, true]);

    const longOne = await guest({ note: 'a'.repeat(600) });
    const longTwo = await guest({ note: 'b'.repeat(600) });
    const tooLong = await merge(longOne.id, longTwo.id);
    expect([tooLong.statusCode, tooLong.body.includes(formatMessage(text.notesTooLong, { max: 1000 }))]).toEqual([409, true]);
    expect(await guestRow(longTwo.id)).toBeDefined();
  });

  it("erasing the kept guest erases the joined profile's email too", async () => {
    const kept = await guest();
    const other = await guest({ email: 'otra.direccion@example.com' });
    const booking = await insertReservation(db(), { ...visit(other.id, '2026-04-01'), customerEmail: 'otra.direccion@example.com' });
    await db().insert(consentimientos).values({ clienteEmail: 'otra.direccion@example.com', versionPolitica: 'v1.0 - 21/09/2025', aceptado: true, reservationId: booking.id });
    expect((await merge(kept.id, other.id)).statusCode).toBe(200);
    // The consent is unlinked from the booking, as an old one may be: only its email names the guest.
    await db().update(consentimientos).set({ reservationId: null }).where(eq(consentimientos.clienteEmail, 'otra.direccion@example.com'));
    expect((await api('POST', `/guests/${kept.id}/erasure`, { confirm: true })).statusCode).toBe(200);
    expect(await db().select().from(guestMerges).where(eq(guestMerges.keptGuestId, kept.id))).toEqual([]);
    expect(await db().select().from(consentimientos).where(eq(consentimientos.clienteEmail, 'otra.direccion@example.com'))).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the same pair merged from two server processes at once', () => {
  it('is merged once', async () => {
    const two = await startTwoServers('union-dos');
    try {
      const db2 = two.database.handle.db;
      const [a, b] = await db2.insert(guests).values([{ email: uniqueEmail('a') }, { email: uniqueEmail('b') }]).returning();
      await insertReservations(db2, [visit(a!.id, '2026-03-01'), visit(b!.id, '2026-03-02')]);
      const answers = await Promise.all([two.admin(0, 'POST', `/guests/${a!.id}/merge`, { otherGuestId: b!.id }), two.admin(1, 'POST', `/guests/${b!.id}/merge`, { otherGuestId: a!.id })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
      const left = await db2.select().from(guests);
      expect(left.filter((row) => row.id === a!.id || row.id === b!.id)).toHaveLength(1);
      expect(left.find((row) => row.id === a!.id || row.id === b!.id)).toMatchObject({ visits: 2 });
      expect(await db2.select().from(guestMerges)).toHaveLength(1);
    } finally {
      await two.stop();
    }
  }, 180_000);
});
