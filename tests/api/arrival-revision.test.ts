import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staffMessages } from '@shared/staff-messages.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 52, item 2 (decision 062): an arrival change names the revision it was made from, as an edit does; a stale
// one is refused with the edit's 409. 'Esperando' takes back a mistaken 'Llegó' or 'No vino' until completed.
let encargada: string;
let camarero: string;
let apiKey: string;
const suite = useApiSuite({
  owner: false,
  afterStart: async (app) => {
    encargada = await app.signIn({ email: uniqueEmail('encargada') });
    camarero = await app.signIn({ email: uniqueEmail('camarero') });
    const created = await app.request({
      method: 'POST',
      url: '/api/admin/integrations/api-keys',
      cookie: encargada,
      payload: { name: 'Sala', scopes: ['mesas'] },
    });
    apiKey = created.json().key;
  },
});
const db = () => suite.db();
const errors = staffMessages.admin.errors;

const arrival = (id: string, payload: object, cookie = encargada) =>
  suite.app().request({ method: 'PATCH', url: `/api/admin/reservations/${id}/arrival`, cookie, payload });
const v1Arrival = (id: string, payload: object) =>
  suite.app().instance.app.inject({ method: 'POST', url: `/api/v1/reservations/${id}/arrival`, headers: { authorization: `Bearer ${apiKey}` }, payload });
const reload = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;

describe('an arrival change carries the revision (staff)', () => {
  it("refuses the second of two taps made from the same revision with 409 'La reserva ha cambiado; revisa los datos'", async () => {
    const row = await insertReservation(db(), { status: 'confirmed' });
    const noShow = await arrival(row.id, { arrivalStatus: 'no_show', revision: row.revision });
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect(noShow.json()).toMatchObject({ arrivalStatus: 'no_show', revision: row.revision + 1 });

    const stale = await arrival(row.id, { arrivalStatus: 'arrived', revision: row.revision }, camarero);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'stale', message: staffMessages.admin.edit.stale });
    expect(await reload(row.id)).toMatchObject({ arrivalStatus: 'no_show', revision: row.revision + 1 });

    // Reloaded, the waiter's change goes through.
    const fresh = await arrival(row.id, { arrivalStatus: 'arrived', revision: row.revision + 1 }, camarero);
    expect([fresh.statusCode, fresh.json().arrivalStatus]).toEqual([200, 'arrived']);
  });

  it('answers a missing or malformed revision with 400 in Spanish, and writes nothing', async () => {
    const row = await insertReservation(db(), { status: 'confirmed' });
    for (const revision of [undefined, 'dos', -1, 1.5]) {
      const response = await arrival(row.id, { arrivalStatus: 'arrived', ...(revision === undefined ? {} : { revision }) });
      expect(response.statusCode, String(revision)).toBe(400);
      expect(response.json().error.fields?.revision).toEqual(expect.any(String));
    }
    expect(await reload(row.id)).toMatchObject({ arrivalStatus: 'pending', revision: row.revision });
  });
});

describe("back to 'Esperando'", () => {
  it.each(['arrived', 'no_show', 'delayed'] as const)('takes %s back to pending, logged, and the undo restores it', async (from) => {
    const row = await insertReservation(db(), { status: 'confirmed', arrivalStatus: from });
    const back = await arrival(row.id, { arrivalStatus: 'pending', revision: row.revision });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ arrivalStatus: 'pending', revision: row.revision + 1, undo: { group: expect.any(String) } });
    const changes = (await suite.app().request({ method: 'GET', url: `/api/admin/reservations/${row.id}/changes`, cookie: encargada })).json();
    expect(changes.at(-1)).toMatchObject({ action: 'arrival', changes: { arrivalStatus: [from, 'pending'] } });

    const undone = await suite.app().request({ method: 'POST', url: '/api/admin/reservations/undo', cookie: encargada, payload: { group: back.json().undo.group } });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await reload(row.id)).arrivalStatus).toBe(from);
  });

  it('refuses it once the booking is completed (409, Spanish), and a cancelled booking as before', async () => {
    const completed = await insertReservation(db(), { status: 'completed', arrivalStatus: 'arrived' });
    const refused = await arrival(completed.id, { arrivalStatus: 'pending', revision: completed.revision });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'arrival_not_allowed', message: errors.arrivalBackAfterCompleted });
    expect((await reload(completed.id)).arrivalStatus).toBe('arrived');

    const cancelled = await insertReservation(db(), { status: 'cancelled' });
    const no = await arrival(cancelled.id, { arrivalStatus: 'pending', revision: cancelled.revision });
    expect([no.statusCode, no.json().error.message]).toEqual([409, errors.arrivalNotAllowed]);
  });
});

describe('POST /api/v1/reservations/:id/arrival', () => {
  it('still takes a change without a revision (keys written before it), and pending', async () => {
    const row = await insertReservation(db(), { status: 'confirmed' });
    const arrived = await v1Arrival(row.id, { arrivalStatus: 'arrived' });
    expect([arrived.statusCode, arrived.json().arrivalStatus], arrived.body).toEqual([200, 'arrived']);
    const back = await v1Arrival(row.id, { arrivalStatus: 'pending' });
    expect([back.statusCode, back.json().arrivalStatus], back.body).toEqual([200, 'pending']);
  });

  it('refuses a stale revision with 409 and takes the current one', async () => {
    const row = await insertReservation(db(), { status: 'confirmed' });
    expect((await arrival(row.id, { arrivalStatus: 'no_show', revision: row.revision })).statusCode).toBe(200);
    const stale = await v1Arrival(row.id, { arrivalStatus: 'arrived', revision: row.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'stale', message: staffMessages.admin.edit.stale });
    expect((await reload(row.id)).arrivalStatus).toBe('no_show');
    const fresh = await v1Arrival(row.id, { arrivalStatus: 'arrived', revision: row.revision + 1 });
    expect([fresh.statusCode, fresh.json()], fresh.body).toEqual([200, expect.objectContaining({ arrivalStatus: 'arrived', revision: row.revision + 2 })]);
    expect((await v1Arrival(row.id, { arrivalStatus: 'arrived', revision: 'x' })).statusCode).toBe(400);
  });
});
