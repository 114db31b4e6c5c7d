import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { consentimientos, emailOutbox, reservations, reservationTables, tables, waitlistEntries, waitlistOffers, waitlistTokens } from '../../src/server/db/schema.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { configure, insertReservation, insertTable, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Tuesday 24 November 2026, 11:00 in Madrid; the list is for Wednesday 25 at 13:30, which holds 4 covers.
const NOW = '2026-11-24T10:00:00Z';
const DATE = '2026-11-25';
const TIME = '13:30';
const { app, db, clock } = useApiSuite({ at: NOW });
let staff: string;

beforeEach(async () => {
  staff = await app().signIn();
  await db().delete(waitlistEntries);
  await db().delete(reservations);
  await configure(db(), { maxCoversPerSlot: 4, maxCoversPerDay: null, autoConfirmationEnabled: false });
});

function joining(overrides: Record<string, unknown> = {}) {
  return bookingBody({
    customerPhone: '+34 600 111 222',
    customerEmail: uniqueEmail('espera'),
    numberOfPeople: 4,
    reservationDate: DATE,
    reservationTime: TIME,
    ...overrides,
  });
}

const join = (body: Record<string, unknown>) =>
  app().request({ method: 'POST', url: '/api/public/waitlist', payload: body, remoteAddress: freshAddress() });

/** The slot full: one confirmed booking of 4 at 13:30. */
const fillSlot = () =>
  insertReservation(db(), { reservationDate: DATE, reservationTime: TIME, numberOfPeople: 4, status: 'confirmed', customerEmail: uniqueEmail() });

const cancelByStaff = (id: string) =>
  app().request({
    method: 'PATCH',
    url: `/api/admin/reservations/${id}/status`,
    cookie: staff,
    payload: { status: 'cancelled', reason: 'El cliente llamó' },
  });

/** The link the newest email of `kind` to `to` carries, as the guest receives it. */
async function linkIn(kind: string, to: string, path: 'lista-espera' | 'oferta'): Promise<string> {
  const rows = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)));
  const row = rows.at(-1);
  if (!row) throw new Error(`no ${kind} email to ${to}`);
  const delivered = await deliveredEmail(db(), row, clock);
  return delivered.text.match(new RegExp(`/${path}/([\\w-]{43})`))![1]!;
}

async function entryOf(email: string) {
  const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.customerEmail, email));
  return entry!;
}

const openOffers = () => db().select().from(waitlistOffers).where(eq(waitlistOffers.status, 'open'));

describe('joining the waitlist', () => {
  it('accepts a guest for a time full for the party, emails a link to the entry and records the consent', async () => {
    await fillSlot();
    const body = joining();
    const response = await join(body);
    expect(response.statusCode).toBe(201);
    // The answer links the entry's page on a token of its own, for the form's summary card (issue 50); a retry does not.
    const { managePath, ...joined } = response.json();
    expect(joined).toEqual({ id: body.id, status: 'waiting' });
    expect(managePath).toMatch(/^\/lista-espera\/[\w-]{43}$/);
    const fromAnswer = await app().request({ method: 'GET', url: `/api/public/waitlist-entries/${managePath.replace('/lista-espera/', '')}`, remoteAddress: freshAddress() });
    expect(fromAnswer.json()).toMatchObject({ reservationDate: DATE, reservationTime: TIME, numberOfPeople: 4, status: 'waiting' });
    const retried = await join(body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id: body.id, status: 'waiting' });

    const token = await linkIn('waitlist_joined', body.customerEmail, 'lista-espera');
    const page = await app().request({ method: 'GET', url: `/api/public/waitlist-entries/${token}`, remoteAddress: freshAddress() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toMatchObject({ customerName: 'Lucía Fernández', reservationDate: DATE, reservationTime: TIME, status: 'waiting' });
    expect(page.body).not.toContain(body.customerEmail);
    expect(page.body).not.toContain('600 111 222');
    const consents = await db().select().from(consentimientos).where(eq(consentimientos.clienteEmail, body.customerEmail));
    expect(consents).toHaveLength(1);
    // The token is stored hashed only.
    const stored = await db().select().from(waitlistTokens);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    const left = await app().request({ method: 'POST', url: `/api/public/waitlist-entries/${token}/leave`, remoteAddress: freshAddress() });
    expect(left.json()).toMatchObject({ status: 'removed' });
    const again = await app().request({ method: 'POST', url: `/api/public/waitlist-entries/${token}/leave`, remoteAddress: freshAddress() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ya no estás en la lista de espera.');
  });

  it('refuses a time with room, a guest joining twice, a fourth entry for one email and day, and a reused id', async () => {
    const withRoom = await join(joining());
    expect(withRoom.statusCode).toBe(409);
    expect(withRoom.json().error).toMatchObject({ code: 'slot_available', message: 'Esa hora todavía tiene mesa para tu grupo: puedes reservarla directamente.' });

    await fillSlot();
    for (const time of ['14:00', '14:30']) {
      await insertReservation(db(), { reservationDate: DATE, reservationTime: time, numberOfPeople: 4, status: 'confirmed', customerEmail: uniqueEmail() });
    }
    await insertReservation(db(), { reservationDate: DATE, reservationTime: '15:00', numberOfPeople: 4, status: 'confirmed', customerEmail: uniqueEmail() });
    const email = uniqueEmail('limite');
    expect((await join(joining({ customerEmail: email }))).statusCode).toBe(201);
    const twice = await join(joining({ customerEmail: email }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Ya estás en la lista de espera para esa fecha y hora.');
    expect((await join(joining({ customerEmail: email, reservationTime: '14:00' }))).statusCode).toBe(201);
    expect((await join(joining({ customerEmail: email, reservationTime: '14:30' }))).statusCode).toBe(201);
    const fourth = await join(joining({ customerEmail: email, reservationTime: '15:00' }));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.code).toBe('waitlist_limit');

    const body = joining();
    expect((await join(body)).statusCode).toBe(201);
    const reused = await join({ ...body, numberOfPeople: 2 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('duplicate_id');
    expect(await db().select().from(waitlistEntries)).toHaveLength(4);
  });

  it('refuses a party no cancellation could ever seat: over a covers maximum, or bigger than every table online', async () => {
    await fillSlot();
    const overSlot = await join(joining({ numberOfPeople: 6 }));
    expect(overSlot.statusCode).toBe(409);
    expect(overSlot.json().error).toMatchObject({ code: 'party_too_large', message: expect.stringContaining('un grupo de 6 personas') });
    await configure(db(), { maxCoversPerSlot: null, maxCoversPerDay: 5 });
    expect((await join(joining({ numberOfPeople: 6 }))).json().error.code).toBe('party_too_large');

    await configure(db(), { capacityMode: 'tables', maxCoversPerDay: null });
    try {
      const table = await insertTable(db(), { tableNumber: 1, seats: 4, name: 'Mesa 1' });
      const booked = await insertReservation(db(), { reservationDate: DATE, reservationTime: TIME, numberOfPeople: 4, status: 'confirmed', customerEmail: uniqueEmail() });
      await db().insert(reservationTables).values({ reservationId: booked.id, tableId: table.id });
      expect((await join(joining({ numberOfPeople: 5 }))).json().error.code).toBe('party_too_large');
      // A party the table takes once free may wait.
      expect((await join(joining({ numberOfPeople: 4 }))).statusCode).toBe(201);
    } finally {
      await configure(db(), { capacityMode: 'covers' });
      await db().delete(reservations);
      await db().delete(tables);
    }
    expect(await db().select().from(waitlistEntries)).toHaveLength(1);
  });

  it('answers a closed day, an unknown time and bad fields with a Spanish 4xx and writes nothing', async () => {
    const monday = await join(joining({ reservationDate: '2026-11-30' }));
    expect(monday.statusCode).toBe(422);
    const odd = await join(joining({ reservationTime: '13:31' }));
    expect(odd.statusCode).toBe(422);
    const bad = await join(joining({ customerEmail: 'no', privacyConsent: false }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['customerEmail', 'privacyConsent']));
    expect(await db().select().from(waitlistEntries)).toHaveLength(0);
  });
});

describe('offers', () => {
  it('offers a cancelled place to the first party that fits, holds it from other guests, and books it on acceptance once', async () => {
    const booked = await fillSlot();
    const six = joining({ numberOfPeople: 6 });
    await insertReservation(db(), { reservationDate: DATE, reservationTime: TIME, numberOfPeople: 2, status: 'confirmed', customerEmail: uniqueEmail() });
    await configure(db(), { maxCoversPerSlot: 6 });
    const first = joining({ numberOfPeople: 4 });
    const second = joining({ numberOfPeople: 4 });
    for (const body of [six, first, second]) expect((await join(body)).statusCode).toBe(201);

    expect((await cancelByStaff(booked.id)).statusCode).toBe(200);
    // 4 covers freed: the party of 6 does not fit, the first party of 4 does; the second is not offered the same place.
    await waitFor(async () => (await openOffers()).length === 1);
    const [offer] = await openOffers();
    expect(offer!.entryId).toBe(first.id);
    expect(offer!.holdUntil.toISOString()).toBe('2026-11-24T10:15:00.000Z');
    expect((await entryOf(six.customerEmail)).status).toBe('waiting');
    expect((await entryOf(second.customerEmail)).status).toBe('waiting');

    // Held: a guest of the booking form cannot take it meanwhile.
    const sneaking = await app().request({
      method: 'POST',
      url: '/api/public/reservations',
      remoteAddress: freshAddress(),
      payload: { ...joining(), numberOfPeople: 4, specialRequirement: '' },
    });
    expect(sneaking.statusCode).toBe(409);

    const token = await linkIn('waitlist_offer', first.customerEmail, 'oferta');
    const view = await app().request({ method: 'GET', url: `/api/public/waitlist-offers/${token}`, remoteAddress: freshAddress() });
    expect(view.json()).toMatchObject({ status: 'open', reservationTime: TIME, numberOfPeople: 4 });
    clock.set('2026-11-24T10:14:00Z');
    const accepted = await app().request({ method: 'POST', url: `/api/public/waitlist-offers/${token}/accept`, remoteAddress: freshAddress() });
    expect(accepted.statusCode).toBe(201);
    const reservationId = accepted.json().reservation.id as string;
    expect(accepted.json().reservation.status).toBe('pending');
    const [booking] = await db().select().from(reservations).where(eq(reservations.id, reservationId));
    expect(booking).toMatchObject({ customerEmail: first.customerEmail, numberOfPeople: 4, reservationTime: TIME, source: 'public' });
    expect(await entryOf(first.customerEmail)).toMatchObject({ status: 'booked', reservationId });

    const spent = await app().request({ method: 'POST', url: `/api/public/waitlist-offers/${token}/accept`, remoteAddress: freshAddress() });
    expect(spent.statusCode).toBe(409);
    expect(spent.json().error.message).toBe('Esta oferta ya se ha usado.');
    expect(await db().select().from(reservations).where(eq(reservations.customerEmail, first.customerEmail))).toHaveLength(1);
  });

  it('passes an unanswered offer to the next fitting party when its hold ends, and the late link says so', async () => {
    const booked = await fillSlot();
    const first = joining();
    const second = joining();
    for (const body of [first, second]) expect((await join(body)).statusCode).toBe(201);
    await cancelByStaff(booked.id);
    await waitFor(async () => (await openOffers()).length === 1);
    const token = await linkIn('waitlist_offer', first.customerEmail, 'oferta');

    clock.set('2026-11-24T10:14:59Z');
    await app().instance.scheduler.tick();
    expect((await openOffers())[0]!.entryId).toBe(first.id);

    clock.set('2026-11-24T10:15:00Z');
    const lateView = await app().request({ method: 'GET', url: `/api/public/waitlist-offers/${token}`, remoteAddress: freshAddress() });
    expect(lateView.json().status).toBe('expired');
    await app().instance.scheduler.tick();
    const [next] = await openOffers();
    expect(next!.entryId).toBe(second.id);
    expect(next!.holdUntil.toISOString()).toBe('2026-11-24T10:30:00.000Z');
    expect((await entryOf(first.customerEmail)).status).toBe('missed');

    const late = await app().request({ method: 'POST', url: `/api/public/waitlist-offers/${token}/accept`, remoteAddress: freshAddress() });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Esta oferta ha caducado: el tiempo para aceptarla ha terminado.');
    expect(await db().select().from(reservations).where(eq(reservations.customerEmail, first.customerEmail))).toHaveLength(0);
    // Staff can still serve the party that did not answer.
    const served = await app().request({ method: 'POST', url: `/api/admin/waitlist/${first.id}/book`, cookie: staff, payload: { time: '14:00' } });
    expect(served.statusCode).toBe(201);
    expect(served.json().entry.status).toBe('booked');
  });

  it("in 'Por mesas', offers a table freed by a party that finished early and seats the accepted booking there", async () => {
    await configure(db(), { capacityMode: 'tables', maxCoversPerSlot: null });
    try {
      const table = await insertTable(db(), { tableNumber: 1, seats: 4, name: 'Mesa 1' });
      const booked = await insertReservation(db(), { reservationDate: DATE, reservationTime: TIME, numberOfPeople: 4, status: 'confirmed', customerEmail: uniqueEmail() });
      await db().insert(reservationTables).values({ reservationId: booked.id, tableId: table.id });
      const body = joining({ numberOfPeople: 3 });
      expect((await join(body)).statusCode).toBe(201);

      const finished = await app().request({ method: 'PATCH', url: `/api/admin/reservations/${booked.id}/status`, cookie: staff, payload: { status: 'completed' } });
      expect(finished.statusCode).toBe(200);
      await waitFor(async () => (await openOffers()).length === 1);
      const availability = await app().request({ method: 'GET', url: `/api/public/availability?date=${DATE}`, remoteAddress: freshAddress() });
      const slot = availability.json().slots.find((candidate: { time: string }) => candidate.time === TIME);
      expect(slot.seatableParties).toEqual([]);

      const token = await linkIn('waitlist_offer', body.customerEmail, 'oferta');
      const accepted = await app().request({ method: 'POST', url: `/api/public/waitlist-offers/${token}/accept`, remoteAddress: freshAddress() });
      expect(accepted.statusCode).toBe(201);
      const seated = await db().select().from(reservationTables).where(eq(reservationTables.reservationId, accepted.json().reservation.id));
      expect(seated.map((row) => row.tableId)).toEqual([table.id]);
    } finally {
      await configure(db(), { capacityMode: 'covers' });
      await db().delete(reservations);
      await db().delete(tables);
    }
  });

  it('expires entries at the end of their date', async () => {
    await fillSlot();
    const body = joining();
    await join(body);
    clock.set('2026-11-25T23:01:00Z');
    await app().instance.scheduler.tick();
    expect((await entryOf(body.customerEmail)).status).toBe('expired');
  });

  it('answers an unknown or malformed link with 404 and a Spanish message', async () => {
    for (const url of [`/api/public/waitlist-offers/${'a'.repeat(43)}`, '/api/public/waitlist-offers/nope', `/api/public/waitlist-entries/${'b'.repeat(43)}`]) {
      const response = await app().request({ method: 'GET', url, remoteAddress: freshAddress() });
      expect(response.statusCode).toBe(404);
    }
    const accept = await app().request({ method: 'POST', url: `/api/public/waitlist-offers/${'a'.repeat(43)}/accept`, remoteAddress: freshAddress() });
    expect(accept.statusCode).toBe(404);
    expect(accept.json().error.message).toBe('Este enlace no es válido. Revisa que esté completo.');
  });
});

describe('the back office', () => {
  const add = (payload: Record<string, unknown>, cookie = staff) => app().request({ method: 'POST', url: '/api/admin/waitlist', cookie, payload });

  it('adds parties, lists them in order with their offers, books one, seats one and removes one; floor staff may', async () => {
    const floor = await app().signIn({ roles: ['floor'] });
    const base = { customerPhone: '600 222 333', numberOfPeople: 2, reservationDate: '2026-11-24', timeFrom: '13:00', timeTo: '14:00' };
    const ana = await add({ ...base, customerName: 'Ana', quotedWaitMinutes: 20 }, floor);
    expect(ana.statusCode).toBe(201);
    clock.set('2026-11-24T10:05:00Z');
    const bea = await add({ ...base, customerName: 'Bea' }, floor);
    const cris = await add({ ...base, customerName: 'Cris', customerEmail: 'CRIS@example.com' }, floor);
    expect(cris.json().customerEmail).toBe('cris@example.com');

    const list = await app().request({ method: 'GET', url: '/api/admin/waitlist?date=2026-11-24', cookie: floor });
    expect(list.json().map((entry: { customerName: string }) => entry.customerName)).toEqual(['Ana', 'Bea', 'Cris']);
    expect(list.json()[0]).toMatchObject({ quotedWaitMinutes: 20, source: 'staff', status: 'waiting', timeTo: '14:00' });

    const booked = await app().request({ method: 'POST', url: `/api/admin/waitlist/${ana.json().id}/book`, cookie: floor, payload: { time: '13:30' } });
    expect(booked.statusCode).toBe(201);
    const [reservation] = await db().select().from(reservations).where(eq(reservations.id, booked.json().reservationId));
    expect(reservation).toMatchObject({ customerName: 'Ana', reservationTime: '13:30', status: 'confirmed', source: 'admin' });

    const seated = await app().request({ method: 'POST', url: `/api/admin/waitlist/${bea.json().id}/seat`, cookie: floor, payload: {} });
    expect(seated.statusCode).toBe(201);
    expect(seated.json().entry.status).toBe('seated');

    const removed = await app().request({ method: 'DELETE', url: `/api/admin/waitlist/${cris.json().id}`, cookie: floor });
    expect(removed.json().status).toBe('removed');
    const twice = await app().request({ method: 'DELETE', url: `/api/admin/waitlist/${cris.json().id}`, cookie: floor });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Esta entrada ya no está en la lista de espera.');

    const after = await app().request({ method: 'GET', url: '/api/admin/waitlist?date=2026-11-24', cookie: floor });
    expect(after.json().map((entry: { status: string }) => entry.status).sort()).toEqual(['booked', 'removed', 'seated']);
  });

  it('refuses bad input with Spanish messages per field, an unknown entry with 404, and the anonymous with 401', async () => {
    const bad = await add({ customerName: '', customerPhone: '1', numberOfPeople: 0, reservationDate: '2026-11-24', timeFrom: '13:07', timeTo: '12:00', quotedWaitMinutes: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['customerName', 'customerPhone', 'numberOfPeople', 'timeFrom', 'quotedWaitMinutes']),
    );
    const reversed = await add({ customerName: 'Dani', customerPhone: '600 222 333', numberOfPeople: 2, reservationDate: '2026-11-24', timeFrom: '14:00', timeTo: '13:00' });
    expect(reversed.json().error.fields.timeTo).toBe('La hora final debe ser igual o posterior a la inicial');
    const past = await add({ customerName: 'Dani', customerPhone: '600 222 333', numberOfPeople: 2, reservationDate: '2026-11-23', timeFrom: '14:00' });
    expect(past.statusCode).toBe(400);
    const monday = await add({ customerName: 'Dani', customerPhone: '600 222 333', numberOfPeople: 2, reservationDate: '2026-11-30', timeFrom: '14:00' });
    expect(monday.statusCode).toBe(409);
    expect(monday.json().error.fields.reservationDate).toBeTruthy();
    const late = await add({ customerName: 'Dani', customerPhone: '600 222 333', numberOfPeople: 2, reservationDate: '2026-11-24', timeFrom: '23:30' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.fields.timeFrom).toBeTruthy();
    for (const quotedWaitMinutes of [true, [], '1e1', 2.5]) {
      const odd = await add({ customerName: 'Dani', customerPhone: '600 222 333', numberOfPeople: 2, reservationDate: '2026-11-24', timeFrom: '14:00', quotedWaitMinutes });
      expect(odd.statusCode).toBe(400);
      expect(odd.json().error.fields.quotedWaitMinutes).toBe('Indica la espera en minutos, de 0 a 240');
    }
    const unknown = await app().request({ method: 'DELETE', url: `/api/admin/waitlist/${randomUUID()}`, cookie: staff });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await app().request({ method: 'GET', url: '/api/admin/waitlist?date=2026-11-24' });
    expect(anonymous.statusCode).toBe(401);
    expect(await db().select().from(waitlistEntries)).toHaveLength(0);
  });

  it('passes an open offer on when staff remove the party it was held for', async () => {
    const booked = await fillSlot();
    const first = joining();
    const second = joining();
    for (const body of [first, second]) await join(body);
    await cancelByStaff(booked.id);
    await waitFor(async () => (await openOffers()).length === 1);
    const removed = await app().request({ method: 'DELETE', url: `/api/admin/waitlist/${first.id}`, cookie: staff });
    expect(removed.json().offers[0]).toMatchObject({ status: 'withdrawn' });
    const [next] = await openOffers();
    expect(next!.entryId).toBe(second.id);
  });
});
