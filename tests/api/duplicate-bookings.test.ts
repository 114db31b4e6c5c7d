import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { emailOutbox, guests, reservations } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';
import { configure } from '../support/factories.ts';

// Issue 41, item 5 (decision 032): the same guest booking a stay that overlaps one of their bookings that day is
// refused with a 409 that names the booking's time and never carries a link; the link goes again by email.
// Tuesday 24 November 2026, 11:00 in Madrid; 'Por cubiertos' with the 90-minute duration.
const NOW = '2026-11-24T10:00:00Z';
const clock = new ManualClock(NOW);
const { app, db, owner } = useApiSuite({ clock });

beforeAll(async () => {
  await configure(db(), { reservationDurationMinutes: 90, autoConfirmationEnabled: true });
});
beforeEach(() => clock.set(NOW));

const uniquePhone = () => `+34 6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

function booking(overrides: Record<string, unknown> = {}) {
  return bookingBody({
    customerName: 'Lucía Ortega',
    customerPhone: uniquePhone(),
    customerEmail: `dup-${randomUUID().slice(0, 8)}@example.com`,
    reservationDate: '2026-11-25',
    reservationTime: '13:30',
    ...overrides,
  });
}

const book = (body: object, headers: Record<string, string> = {}) =>
  app().request({ method: 'POST', url: '/api/public/reservations', payload: body, headers, remoteAddress: freshAddress() });
const rowsOf = (email: string) => db().select().from(reservations).where(eq(reservations.customerEmail, email));
const resentTo = (email: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'reservation_link_resent')));

describe('a guest booking the same stay twice', () => {
  it('is refused with 409, the booking’s time and no link; nothing of the second request is saved', async () => {
    const first = booking();
    expect((await book(first)).statusCode).toBe(201);
    const guestsBefore = (await db().select().from(guests)).length;

    const again = await book({ ...first, id: randomUUID() });
    expect(again.statusCode).toBe(409);
    const { error } = again.json();
    expect(error).toMatchObject({ code: 'duplicate_booking', message: 'Ya tienes una reserva ese día a las 13:30.' });
    expect(error.fields).toEqual({ existingTime: '13:30', linkSent: 'true' });
    expect(again.body).not.toMatch(/reserva\/|token|guest-reservations/);
    expect(await rowsOf(first.customerEmail)).toHaveLength(1);
    expect(await db().select().from(guests)).toHaveLength(guestsBefore);
  });

  it('sends the existing booking’s private link by email, at most once per booking in 10 minutes', async () => {
    const first = booking({ customerEmail: `resend-${randomUUID().slice(0, 8)}@example.com` });
    expect((await book(first)).statusCode).toBe(201);
    expect(await resentTo(first.customerEmail)).toHaveLength(0);

    expect((await book({ ...first, id: randomUUID() })).statusCode).toBe(409);
    const [resent] = await resentTo(first.customerEmail);
    expect(resent).toMatchObject({ reservationId: first.id, subject: expect.stringContaining(staffEmailMessages.headings.linkResent) });
    const delivered = await deliveredEmail(db(), resent!, clock);
    expect(delivered.text).toContain('Ya tienes esta reserva');
    const token = delivered.text.match(/\/reserva\/([\w-]{43})/)![1]!;
    const page = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}`, remoteAddress: '10.41.250.1' });
    expect(page.statusCode).toBe(200);
    expect(page.json().reservation).toMatchObject({ reservationTime: '13:30', reservationDate: '2026-11-25' });

    expect((await book({ ...first, id: randomUUID(), reservationTime: '14:00' })).statusCode).toBe(409);
    expect(await resentTo(first.customerEmail)).toHaveLength(1);
    clock.set('2026-11-24T10:10:01Z');
    expect((await book({ ...first, id: randomUUID() })).statusCode).toBe(409);
    expect(await resentTo(first.customerEmail)).toHaveLength(2);
  });

  it('refuses overlapping stays only: a stay that ends as the other starts is another booking', async () => {
    const first = booking();
    expect((await book(first)).statusCode).toBe(201);
    // 13:30 + 90 minutes = 15:00 (opening is at 13:00).
    for (const time of ['13:00', '14:30']) {
      const response = await book({ ...first, id: randomUUID(), reservationTime: time });
      expect(response.json().error?.code, time).toBe('duplicate_booking');
    }
    expect((await book({ ...first, id: randomUUID(), reservationTime: '15:00' })).statusCode).toBe(201);
    expect((await book({ ...first, id: randomUUID(), reservationTime: '16:30' })).statusCode).toBe(201);
    expect((await book({ ...first, id: randomUUID(), reservationDate: '2026-11-26' })).statusCode).toBe(201);
  });

  it('answers a retry of the same request (same id) with the booking, not the refusal', async () => {
    const first = booking();
    expect((await book(first)).statusCode).toBe(201);
    expect((await book(first)).statusCode).toBe(200);
  });

  it('recognises the guest as linkGuest does: by email, else by a phone whose guest has no other email', async () => {
    const phone = uniquePhone();
    // A booking staff took by phone, without an email: the guest has only the phone.
    const staff = await app().request({
      method: 'POST',
      url: '/api/admin/reservations',
      cookie: owner(),
      payload: { customerName: 'Lucía Ortega', customerPhone: phone, numberOfPeople: 2, reservationDate: '2026-11-25', reservationTime: '13:30' },
    });
    expect(staff.statusCode).toBe(201);
    const online = await book(booking({ customerPhone: phone, reservationTime: '14:00' }));
    expect(online.json().error).toMatchObject({ code: 'duplicate_booking', message: 'Ya tienes una reserva ese día a las 13:30.' });
    // No email to send the link to: the answer does not say one was sent.
    expect(online.json().error.fields).toEqual({ existingTime: '13:30' });

    // Someone else sharing a phone whose guest has an email of their own is another guest.
    const withEmail = booking();
    expect((await book(withEmail)).statusCode).toBe(201);
    expect((await book(booking({ customerPhone: withEmail.customerPhone }))).statusCode).toBe(201);
  });

  it('does not count bookings that hold no place: cancelled, no-show, completed', async () => {
    for (const change of [{ status: 'cancelled' as const }, { arrivalStatus: 'no_show' as const }, { status: 'completed' as const }]) {
      const first = booking();
      expect((await book(first)).statusCode).toBe(201);
      await db().update(reservations).set(change).where(eq(reservations.id, first.id));
      expect((await book({ ...first, id: randomUUID() })).statusCode, JSON.stringify(change)).toBe(201);
    }
  });

  it('answers in the guest’s language', async () => {
    const first = booking();
    expect((await book(first)).statusCode).toBe(201);
    const again = await book({ ...first, id: randomUUID() }, { 'accept-language': 'en' });
    expect(again.json().error.message).toBe('You already have a booking that day at 13:30.');
  });
});

describe('what is not refused', () => {
  it('a change request that moves the booking to an overlapping time', async () => {
    const first = booking({ customerEmail: `change-${randomUUID().slice(0, 8)}@example.com` });
    expect((await book(first)).statusCode).toBe(201);
    const [welcome] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, first.id), eq(emailOutbox.toAddress, first.customerEmail)));
    const token = (await deliveredEmail(db(), welcome!, clock)).text.match(/\/reserva\/([\w-]{43})/)![1]!;
    const change = await app().request({
      method: 'POST',
      url: `/api/public/guest-reservations/${token}/change-request`,
      payload: { numberOfPeople: 3, reservationDate: '2026-11-25', reservationTime: '14:00' },
      remoteAddress: '10.41.251.1',
    });
    expect(change.statusCode).toBe(201);
  });

  it('staff’s manual booking: a warning with the time, then saved when staff confirm it', async () => {
    const first = booking();
    expect((await book(first)).statusCode).toBe(201);
    const manual = {
      customerName: 'Lucía Ortega',
      customerPhone: first.customerPhone,
      customerEmail: first.customerEmail,
      numberOfPeople: 2,
      reservationDate: '2026-11-25',
      reservationTime: '14:00',
    };
    const warned = await app().request({ method: 'POST', url: '/api/admin/reservations', cookie: owner(), payload: manual });
    expect(warned.statusCode).toBe(409);
    expect(warned.json().error).toMatchObject({ code: 'duplicate_booking', message: 'Este cliente ya tiene una reserva ese día a las 13:30.' });
    expect(await rowsOf(first.customerEmail)).toHaveLength(1);
    const saved = await app().request({ method: 'POST', url: '/api/admin/reservations', cookie: owner(), payload: { ...manual, confirmDuplicate: true } });
    expect(saved.statusCode).toBe(201);
    expect(await rowsOf(first.customerEmail)).toHaveLength(2);
  });
});
