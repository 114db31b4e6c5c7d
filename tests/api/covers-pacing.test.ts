import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import type { PacedAvailability } from '@shared/rules/pacing.ts';
import { emailOutbox, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';
import { configure } from '../support/factories.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db, owner: admin } = useApiSuite({ clock });
beforeEach(() => setLimits(null, null));

async function setLimits(maxCoversPerSlot: number | null, maxCoversPerDay: number | null) {
  await configure(db(), { maxCoversPerSlot, maxCoversPerDay });
}

const booking = (reservationDate: string, reservationTime: string, numberOfPeople: number) =>
  bookingBody({ reservationDate, reservationTime, numberOfPeople });

const book = (body: object) =>
  app().request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress: freshAddress() });
const bookOk = async (date: string, time: string, people: number) => {
  const body = booking(date, time, people);
  const response = await book(body);
  expect(response.statusCode).toBe(201);
  return body;
};
const availability = async (date: string) => {
  const response = await app().request({ method: 'GET', url: `/api/public/availability?date=${date}` });
  expect(response.statusCode).toBe(200);
  return response.json<PacedAvailability>();
};
const remaining = async (date: string, time: string) =>
  (await availability(date)).slots.find((slot) => slot.time === time)!.remainingCovers;
const patchSettings = (payload: object) => app().request({ method: 'PATCH', url: '/api/admin/settings', payload, cookie: admin() });
const createManual = (payload: object) =>
  app().request({ method: 'POST', url: '/api/admin/reservations', payload, cookie: admin() });

describe('settings', () => {
  it('stores both maxima, off (null) by default, and clears them with null', async () => {
    const initial = await app().request({ method: 'GET', url: '/api/admin/settings', cookie: admin() });
    expect(initial.json()).toMatchObject({ maxCoversPerSlot: null, maxCoversPerDay: null });

    const saved = await patchSettings({ maxCoversPerSlot: 30, maxCoversPerDay: 120 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ maxCoversPerSlot: 30, maxCoversPerDay: 120 });

    const cleared = await patchSettings({ maxCoversPerSlot: null });
    expect(cleared.json()).toMatchObject({ maxCoversPerSlot: null, maxCoversPerDay: 120 });
  });

  it.each([
    ['maxCoversPerSlot', 0, 500],
    ['maxCoversPerSlot', 501, 500],
    ['maxCoversPerSlot', 2.5, 500],
    ['maxCoversPerSlot', '20', 500],
    ['maxCoversPerDay', 5001, 5000],
    ['maxCoversPerDay', -1, 5000],
  ])('refuses %s = %j with a Spanish message', async (field, value, max) => {
    const response = await patchSettings({ [field]: value });
    expect(response.statusCode).toBe(400);
    const message = `Indica un número entero de comensales entre 1 y ${max}, o déjalo vacío para no poner límite.`;
    expect(response.json().error.fields).toEqual({ [field]: message });
    const [config] = await db().select().from(restaurantConfig);
    expect(config![field as 'maxCoversPerSlot']).toBeNull();
  });

  it('accepts the bounds', async () => {
    expect((await patchSettings({ maxCoversPerSlot: 1, maxCoversPerDay: 5000 })).statusCode).toBe(200);
    expect((await patchSettings({ maxCoversPerSlot: 500, maxCoversPerDay: 1 })).statusCode).toBe(200);
  });
});

describe('public availability', () => {
  it('reports null remaining covers while pacing is off', async () => {
    await bookOk('2026-11-25', '13:00', 6);
    expect((await availability('2026-11-25')).slots.every((slot) => slot.remainingCovers === null)).toBe(true);
  });

  it("reports each slot's remaining covers, the tighter of slot and day, and nothing about the guests", async () => {
    await bookOk('2026-11-26', '13:00', 6);
    await bookOk('2026-11-26', '13:30', 4);
    await setLimits(10, 100);
    expect(await remaining('2026-11-26', '13:00')).toBe(4);
    expect(await remaining('2026-11-26', '13:30')).toBe(6);
    expect(await remaining('2026-11-26', '14:00')).toBe(10);

    await setLimits(10, 15);
    expect(await remaining('2026-11-26', '14:00')).toBe(5);
    expect(await remaining('2026-11-26', '13:00')).toBe(4);

    const body = JSON.stringify(await availability('2026-11-26'));
    expect(body).not.toContain('Lucía');
    expect(body).not.toContain('@example.com');
  });
});

describe('public create', () => {
  it('refuses a request that would pass the slot maximum, and takes one that fits exactly', async () => {
    await setLimits(10, null);
    await bookOk('2026-11-27', '13:00', 6);

    const refused = await book(booking('2026-11-27', '13:00', 5));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'slot_full', message: 'Lo sentimos, esa hora ya está completa. Elige otra hora.' });

    await bookOk('2026-11-27', '13:00', 4);
    await bookOk('2026-11-27', '13:30', 10);
    expect(await remaining('2026-11-27', '13:00')).toBe(0);
  });

  it('refuses a request that would pass the day maximum, in any slot', async () => {
    await setLimits(null, 12);
    await bookOk('2026-11-28', '13:00', 6);
    await bookOk('2026-11-28', '17:30', 5);

    const refused = await book(booking('2026-11-28', '14:30', 2));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'day_full', message: messages.pacing.dayFull });
    expect((await availability('2026-11-28')).slots.every((slot) => slot.remainingCovers === 1)).toBe(true);
    await bookOk('2026-11-28', '14:30', 1);
  });

  it('lets cancelled reservations free their covers', async () => {
    await setLimits(8, null);
    const first = await bookOk('2026-11-29', '13:00', 8);
    expect((await book(booking('2026-11-29', '13:00', 2))).statusCode).toBe(409);

    await db().update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, first.id));
    expect(await remaining('2026-11-29', '13:00')).toBe(8);
    await bookOk('2026-11-29', '13:00', 2);
  });

  it("checks a guest's change request at its reservation's own time for the people it adds only (decision 017)", async () => {
    await setLimits(10, null);
    const own = await bookOk('2026-12-01', '13:30', 4);
    await bookOk('2026-12-01', '13:30', 6);
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reservationId, own.id), eq(emailOutbox.toAddress, own.customerEmail)));
    const token = (await deliveredEmail(db(), email!, clock)).text.match(/\/reserva\/([\w-]{43})/)![1]!;
    const changeRequest = (numberOfPeople: number) =>
      app().request({
        method: 'POST',
        url: `/api/public/guest-reservations/${token}/change-request`,
        payload: { reservationDate: '2026-12-01', reservationTime: '13:30', numberOfPeople },
        remoteAddress: freshAddress(),
      });

    // At its own time the change form keeps the guest's own 4 available: 10 - 6 = 4, where the public form says 0.
    const guestView = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}/availability?date=2026-12-01` });
    expect(guestView.statusCode).toBe(200);
    expect(guestView.json<PacedAvailability>().slots.find((slot) => slot.time === '13:30')!.remainingCovers).toBe(4);
    expect(await remaining('2026-12-01', '13:30')).toBe(0);
    const unknownToken = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${'x'.repeat(43)}/availability?date=2026-12-01` });
    expect(unknownToken.statusCode).toBe(404);
    const badDate = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}/availability?date=1-12` });
    expect(badDate.statusCode).toBe(400);

    const tooMany = await changeRequest(5);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('slot_full');
    expect((await changeRequest(4)).statusCode).toBe(201);
  });
});

describe('manual reservations', () => {
  const manual = (people: number, time = '13:00') => ({
    customerName: 'Mesa de empresa',
    customerPhone: '600123456',
    numberOfPeople: people,
    reservationDate: '2026-12-02',
    reservationTime: time,
    override: true, // 20:00 is past the default closing: booked knowingly (issue 19)
    confirmDuplicate: true, // one company booked many times: past the duplicate warning (issue 41)
  });

  it('may pass the maxima: created, with the warning in the answer', async () => {
    await setLimits(30, 40);
    await bookOk('2026-12-02', '13:00', 10);
    await bookOk('2026-12-02', '13:00', 10);
    await bookOk('2026-12-02', '13:30', 3);

    const fits = await createManual(manual(10));
    expect(fits.statusCode).toBe(201);
    expect(fits.json().pacingWarning).toBeNull();

    const over = await createManual(manual(4, '13:00'));
    expect(over.statusCode).toBe(201);
    expect(over.json()).toMatchObject({
      status: 'confirmed',
      numberOfPeople: 4,
      pacingWarning: 'Esta reserva supera el máximo de comensales de la franja (34 de 30).',
    });
    const rows = await db().select().from(reservations).where(eq(reservations.reservationDate, '2026-12-02'));
    expect(rows.reduce((total, row) => total + row.numberOfPeople, 0)).toBe(37);

    const dayOver = await createManual(manual(5, '20:00'));
    expect(dayOver.statusCode).toBe(201);
    expect(dayOver.json().pacingWarning).toBe('Esta reserva supera el máximo de comensales del día (42 de 40).');
  });

  it('serves the date’s maxima and booked covers to the dialog, for staff only', async () => {
    await setLimits(30, null);
    const response = await app().request({ method: 'GET', url: '/api/admin/covers-pacing?date=2026-12-02', cookie: admin() });
    expect(response.statusCode).toBe(200);
    const pacing = response.json();
    expect(pacing).toMatchObject({ maxCoversPerSlot: 30, maxCoversPerDay: null });
    expect(pacing.booked).toContainEqual({ time: '13:00', status: 'confirmed', covers: 14 });
    expect(pacing.booked).toContainEqual({ time: '13:00', status: 'pending', covers: 20 });

    const anonymous = await app().request({ method: 'GET', url: '/api/admin/covers-pacing?date=2026-12-02' });
    expect(anonymous.statusCode).toBe(401);
    const badDate = await app().request({ method: 'GET', url: '/api/admin/covers-pacing?date=mañana', cookie: admin() });
    expect(badDate.statusCode).toBe(400);
  });
});

describe('concurrency', () => {
  it('creates exactly 10 of 50 simultaneous requests of 2 people for one slot of 20', async () => {
    await setLimits(20, null);
    const responses = await Promise.all(Array.from({ length: 50 }, () => book(booking('2026-12-03', '14:00', 2))));

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(40);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('Lo sentimos, esa hora ya está completa. Elige otra hora.');
    }
    const rows = await db()
      .select()
      .from(reservations)
      .where(and(eq(reservations.reservationDate, '2026-12-03'), eq(reservations.reservationTime, '14:00')));
    expect(rows.reduce((total, row) => total + row.numberOfPeople, 0)).toBe(20);
  });
});
