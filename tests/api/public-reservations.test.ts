import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { consentimientos, dailyReservationPauses, dateExceptions, emailOutbox, guestAccessTokens, mondayExceptions, reservations, timeBlocks } from '../../src/server/db/schema.ts';
import { hashSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';
import { configure } from '../support/factories.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db } = useApiSuite({ owner: false, clock });

beforeAll(async () => {
  await configure(db(), { adminEmail: 'sala@example.com' });
});
beforeEach(() => clock.set('2026-11-24T10:00:00Z'));

function booking(overrides: Record<string, unknown> = {}) {
  return bookingBody({
    customerName: 'María José Núñez',
    customerPhone: '+34 600  123 456',
    customerEmail: `  Guest-${randomUUID().slice(0, 8)}@Example.COM `,
    numberOfPeople: 4,
    reservationDate: '2026-11-25',
    reservationTime: '13:30',
    specialRequirement: 'Trona para un bebé',
    ...overrides,
  });
}

// Each request from its own address: past five from one, the bot check asks for a proof of work (bot-check.test.ts).
const book = (body: object, remoteAddress = freshAddress()) =>
  app().request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress });

describe('public reservation request', () => {
  it('creates a pending reservation with its consent, guest and staff emails in one go', async () => {
    const body = booking();
    const response = await book(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: body.id, status: 'pending', managePath: expect.stringMatching(/^\/reserva\/[\w-]{43}$/), calendarPath: expect.stringMatching(/^\/api\/public\/guest-reservations\/[\w-]{43}\/calendar\.ics$/) });

    const [row] = await db().select().from(reservations).where(eq(reservations.id, body.id));
    expect(row).toMatchObject({
      customerName: 'María José Núñez',
      customerPhone: '+34 600 123 456',
      customerEmail: body.customerEmail.trim().toLowerCase(),
      status: 'pending',
      arrivalStatus: 'pending',
      adminNotes: '[Cliente] Trona para un bebé',
      reservationDate: '2026-11-25',
      reservationTime: '13:30',
    });
    const [consent] = await db().select().from(consentimientos).where(eq(consentimientos.reservationId, body.id));
    expect(consent).toMatchObject({ versionPolitica: 'v1.0 - 21/09/2025', aceptado: true });
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, body.id));
    expect(emails.map((email) => [email.kind, email.toAddress]).sort()).toEqual([
      ['reservation_welcome', row!.customerEmail],
      ['staff_new_reservation', 'sala@example.com'],
    ]);
    const welcome = emails.find((email) => email.kind === 'reservation_welcome')!;
    expect(welcome.subject).toBe('Solicitud de reserva recibida - pendiente de confirmación');
    expect(welcome.textBody).toContain('María José Núñez');
    expect(welcome.textBody).toContain('miércoles, 25 de noviembre de 2026');
    expect(welcome.textBody).toContain('13:30');
  });

  it('answers a resubmission of the same id with the same reservation, never a second one', async () => {
    const body = booking();
    expect((await book(body)).statusCode).toBe(201);
    const again = await book(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(body.id);
    const rows = await db().select().from(reservations).where(eq(reservations.id, body.id));
    expect(rows).toHaveLength(1);
  });

  it('allows three reservations per email and day and refuses the fourth with the spec message', async () => {
    const email = `limit-${randomUUID().slice(0, 8)}@example.com`;
    // Stays of 90 minutes that do not overlap: one guest's overlapping stays are refused (duplicate-bookings.test.ts).
    for (const time of ['13:00', '14:30', '16:00']) {
      expect((await book(booking({ customerEmail: email, reservationTime: time }))).statusCode).toBe(201);
    }
    const fourth = await book(booking({ customerEmail: email, reservationTime: '17:30' }));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toBe('Has alcanzado el límite de 3 reservas por email para ese día.');
  });

  it('refuses a past time today with the spec message', async () => {
    clock.set('2026-11-24T13:10:00Z'); // 14:10 in Madrid
    const response = await book(booking({ reservationDate: '2026-11-24', reservationTime: '14:00' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('No puedes crear reservas en un horario pasado para hoy.');
    expect((await book(booking({ reservationDate: '2026-11-24', reservationTime: '14:30' }))).statusCode).toBe(201);
  });

  it('refuses a Monday unless that Monday is enabled', async () => {
    const monday = await book(booking({ reservationDate: '2026-11-30' }));
    expect(monday.statusCode).toBe(422);
    expect(monday.json().error.message).toBe(messages.reservation.dateRules.monday);
    await db().insert(mondayExceptions).values({ exceptionDate: '2026-11-30' });
    expect((await book(booking({ reservationDate: '2026-11-30' }))).statusCode).toBe(201);
  });

  it('refuses a blocked day with the spec message', async () => {
    await db().insert(dateExceptions).values({ exceptionDate: '2026-12-02', isClosed: true, reason: 'Día bloqueado' });
    const response = await book(booking({ reservationDate: '2026-12-02' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(
      'En esta fecha no aceptamos reservas. Por favor, selecciona otro día disponible.',
    );
  });

  it('accepts day 90 and refuses day 91', async () => {
    clock.set('2026-11-25T10:00:00Z'); // Wednesday: day 90 is Tuesday 23 February 2027
    expect((await book(booking({ reservationDate: '2027-02-23' }))).statusCode).toBe(201);
    const day91 = await book(booking({ reservationDate: '2027-02-24' }));
    expect(day91.statusCode).toBe(422);
    expect(day91.json().error.message).toBe(messages.reservation.validation.dateOutOfWindow);
  });

  it('refuses a paused slot of today (both ends included) and a time block', async () => {
    await db().insert(dailyReservationPauses).values({ pauseDate: '2026-11-24', startTime: '14:00', endTime: '15:00' });
    for (const time of ['14:00', '15:00']) {
      const response = await book(booking({ reservationDate: '2026-11-24', reservationTime: time }));
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('time_paused');
    }
    await db().insert(timeBlocks).values({ date: '2026-11-26', startTime: '16:00', endTime: '17:00', reason: 'Evento' });
    const blocked = await book(booking({ reservationDate: '2026-11-26', reservationTime: '16:30' }));
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error.code).toBe('slot_unavailable');
  });

  it('answers invalid fields with 400 and one Spanish message per field', async () => {
    const response = await book(
      booking({ customerName: 'X', customerPhone: '12', customerEmail: 'nope', numberOfPeople: 13, privacyConsent: false }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      customerName: 'El nombre debe tener al menos 2 caracteres',
      customerPhone: 'El teléfono debe tener al menos 8 dígitos',
      customerEmail: 'Ingresa un email válido',
      numberOfPeople: 'Máximo 12 personas',
      privacyConsent: 'Debes aceptar la Política de Privacidad',
    });
  });
});

describe('availability', () => {
  it('lists the slots of an open day and marks past ones of today', async () => {
    const response = await app().request({ method: 'GET', url: '/api/public/availability?date=2026-11-24' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.bookable).toBe(true);
    expect(body.slots.map((slot: { time: string }) => slot.time)).toEqual([
      '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30',
    ]);
  });

  it('rejects an impossible date with 400', async () => {
    const response = await app().request({ method: 'GET', url: '/api/public/availability?date=2026-02-30' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Formato de fecha inválido');
  });
});

describe('concurrency', () => {
  it('creates exactly 3 reservations from 50 simultaneous requests for one email and day', async () => {
    const email = `race-${randomUUID().slice(0, 8)}@example.com`;
    // Four stays that do not overlap: the rest are refused as the limit or as the same guest's overlapping stay.
    const slots = ['13:00', '14:30', '16:00', '17:30'];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        book(booking({ customerEmail: email, reservationDate: '2026-11-27', reservationTime: slots[index % slots.length] }), `10.1.0.${index}`),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    const rows = await db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(rows).toHaveLength(3);
  });
});

describe('the links in the answer that created the reservation (issue 25, the summary)', () => {
  it('open the guest page and the calendar file; only the token’s hash is stored, and a replay gets none', async () => {
    const body = booking();
    const created = (await book(body)).json<{ managePath: string; calendarPath: string }>();
    const token = created.managePath.slice('/reserva/'.length);
    expect(created.calendarPath).toBe(`/api/public/guest-reservations/${token}/calendar.ics`);

    const page = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}`, remoteAddress: '10.9.9.1' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ reservation: { reservationDate: body.reservationDate, reservationTime: body.reservationTime } });
    const ics = await app().request({ method: 'GET', url: created.calendarPath, remoteAddress: '10.9.9.1' });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VCALENDAR');

    const stored = await db().select().from(guestAccessTokens).where(eq(guestAccessTokens.reservationId, body.id));
    expect(stored.map((row) => row.tokenHash)).toContain(hashSelfServiceToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const replay = await book(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ id: body.id, status: 'pending' });
  });
});
