// The validation the spec implies (issue 17, item 7): each refusal is a 4xx with a Spanish message and stores nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { dailyReservationPauses, reservations } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const TOMORROW = '2026-11-25';
const v = messages.reservation.validation;
const staffErrors = staffMessages.admin.errors;

const { app, db, owner: admin } = useApiSuite({ clock });

const booking = (overrides: Record<string, unknown> = {}) =>
  bookingBody({ customerName: 'María José Núñez', reservationDate: TOMORROW, reservationTime: '13:30', ...overrides });
const manual = (overrides: Record<string, unknown> = {}) => ({
  customerName: 'Ana Admin',
  customerPhone: '600 123 456',
  numberOfPeople: 4,
  reservationDate: TOMORROW,
  reservationTime: '14:00',
  // One guest booked many times: past the duplicate warning (issue 41).
  confirmDuplicate: true,
  ...overrides,
});

const book = (payload: object) =>
  app().request({ method: 'POST', url: '/api/public/reservations', payload, remoteAddress: freshAddress() });
const createManual = (payload: object) => app().request({ method: 'POST', url: '/api/admin/reservations', cookie: admin(), payload });
const putPause = (payload: object) => app().request({ method: 'PUT', url: '/api/admin/pause/today', cookie: admin(), payload });

const rowCount = async () => (await db().select({ id: reservations.id }).from(reservations)).length;

/** Sends a refused request and checks the field's Spanish message and that nothing was stored. */
async function expectRefused(send: () => ReturnType<typeof book>, field: string, message: string, status = 400) {
  const before = await rowCount();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.fields?.[field] ?? response.json().error.message, response.body).toBe(message);
  expect(await rowCount()).toBe(before);
}

describe('a phone holds at least 8 digits', () => {
  it.each(['--------', '((((((((', '+ ( ) - + ( ) -', '1234567 -', '(+34) 1234'])('refuses %j, public and manual', async (phone) => {
    await expectRefused(() => book(booking({ customerPhone: phone })), 'customerPhone', v.phoneMin);
    await expectRefused(() => createManual(manual({ customerPhone: phone })), 'customerPhone', v.phoneMin);
  });

  it('accepts 8 digits with punctuation', async () => {
    expect((await book(booking({ customerPhone: '(+34) 600-12-34' }))).statusCode).toBe(201);
    expect((await createManual(manual({ customerPhone: '91 234-56-78' }))).statusCode).toBe(201);
  });
});

describe('a name', () => {
  it.each([
    ['has at least 2 letters', "'.", v.nameLetters],
    ['has at least 2 letters', 'A .', v.nameLetters],
    ['has no line break', 'Ana\r\nBcc: x@example.com', v.nameInvalid],
    ['has no tab', 'Ana\tPérez', v.nameInvalid],
    ['has no lone combining mark at the start', '\u0301Ana', v.nameInvalid],
    ['has no combining mark after a space', 'Ana \u0301Pérez', v.nameInvalid],
  ])('%s: %j is refused, public and manual', async (_, name, message) => {
    await expectRefused(() => book(booking({ customerName: name })), 'customerName', message);
    await expectRefused(() => createManual(manual({ customerName: name })), 'customerName', message);
  });

  it('keeps accents written as combining marks after a letter', async () => {
    const name = 'Jose\u0301 Nun\u0303ez';
    const response = await book(booking({ customerName: name }));
    expect(response.statusCode, response.body).toBe(201);
    expect((await createManual(manual({ customerName: name }))).statusCode).toBe(201);
  });
});

describe('the party size is a whole number, never a coerced one', () => {
  it.each([true, false, '', ' ', '1e1', '0x4', [2], { n: 2 }, '2.0'])('refuses %j, public and manual', async (people) => {
    await expectRefused(() => book(booking({ numberOfPeople: people })), 'numberOfPeople', v.peopleInvalid);
    await expectRefused(() => createManual(manual({ numberOfPeople: people })), 'numberOfPeople', v.peopleInvalid);
  });

  it('and in a guest change request, refused before the link is even looked up', async () => {
    const response = await app().request({
      method: 'POST',
      url: `/api/public/guest-reservations/${'a'.repeat(43)}/change-request`,
      payload: { reservationDate: TOMORROW, reservationTime: '14:00', numberOfPeople: true },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({ numberOfPeople: v.peopleInvalid });
  });

  it('still takes the digits a <select> sends', async () => {
    expect((await book(booking({ numberOfPeople: '3' }))).statusCode).toBe(201);
    expect((await createManual(manual({ numberOfPeople: '12' }))).statusCode).toBe(201);
  });
});

describe("staff times are the spec's half-hour slots, 08:00-23:30", () => {
  it.each(['07:30', '08:15', '13:45', '23:59', '00:00'])('a manual reservation at %s is refused', async (time) => {
    await expectRefused(() => createManual(manual({ reservationTime: time })), 'reservationTime', staffErrors.timeNotSlot);
  });

  it('a time that does not exist in Madrid (the spring change, 2027-03-28 02:30) is refused', async () => {
    await expectRefused(
      () => createManual(manual({ reservationDate: '2027-03-28', reservationTime: '02:30' })),
      'reservationTime',
      staffErrors.timeNotSlot,
    );
    // Later that day, it is a normal day (outside the default hours, so booked knowingly: issue 19's 'Guardar igualmente').
    const knowingly = { reservationDate: '2027-03-28', override: true };
    expect((await createManual(manual({ ...knowingly, reservationTime: '08:00' }))).statusCode).toBe(201);
    expect((await createManual(manual({ ...knowingly, reservationTime: '23:30' }))).statusCode).toBe(201);
  });

  it.each([
    { startTime: '13:15', endTime: '14:00' },
    { startTime: '07:00', endTime: '09:00' },
    { startTime: '22:00', endTime: '23:45' },
  ])('a pause %j is refused and nothing is stored', async (pause) => {
    const response = await putPause(pause);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(staffErrors.timeNotSlot);
    expect(await db().select().from(dailyReservationPauses)).toEqual([]);
  });
});

describe('resending a known reservation id', () => {
  it('with the same data answers the stored booking; with other data, 409 with its own message', async () => {
    const body = booking();
    expect((await book(body)).statusCode).toBe(201);
    const again = await book(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: body.id, status: 'pending' });
    for (const change of [
      { reservationTime: '14:00' },
      { reservationDate: '2026-11-26' },
      { numberOfPeople: 3 },
      { customerName: 'Otra Persona' },
      { customerPhone: '+34 600 999 999' },
      { customerEmail: 'otra@example.com' },
    ]) {
      const response = await book({ ...body, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
      expect(response.json().error.message).toBe(messages.reservation.errors.idReused);
    }
    const [row] = await db().select().from(reservations).where(eq(reservations.id, body.id));
    expect(row).toMatchObject({ reservationTime: '13:30', numberOfPeople: 2, customerName: body.customerName });
  });
});
