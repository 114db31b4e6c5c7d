import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-messages.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import {
  dailyReservationPauses,
  dateExceptions,
  emailOutbox,
  notificationSettings,
  reservations,
} from '../../src/server/db/schema.ts';
import { changeOf, EventStreamReader } from '../support/event-stream.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { insertReservation as insertRow, revisionOf } from '../support/factories.ts';
import { bookingBody } from '../support/bookings.ts';

// Tuesday 24 November 2026, 11:00 in Madrid (UTC+1 in winter).
const NOW = '2026-11-24T10:00:00Z';
const TODAY = '2026-11-24';
const YESTERDAY = '2026-11-23';
const TOMORROW = '2026-11-25';

// Listening, so the live-events test can read /api/admin/events over real HTTP.
const { app, db, clock } = useApiSuite({ owner: false, at: NOW, listen: true });
let cookie: string;
const errors = staffMessages.admin.errors;

beforeEach(async () => {
  cookie = await app().signIn();
});

/** Moves the clock and signs in again: a session idles out after 12 hours of clock time. */
async function setNow(instant: string): Promise<void> {
  clock.set(instant);
  cookie = await app().signIn();
}

const api = (method: InjectOptions['method'], path: string, payload?: object) =>
  app().request({ method, url: `/api/admin${path}`, cookie, ...(payload ? { payload } : {}) });

/** A distinct lower-case word that only this test's rows contain. */
const tag = () => Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
const uniqueEmail = () => `guest-${randomUUID().slice(0, 8)}@example.com`;

type NewRow = typeof reservations.$inferInsert;

const insertReservation = (overrides: Partial<NewRow> = {}) => insertRow(db(), { customerEmail: uniqueEmail(), ...overrides });

const rowOf = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
const outboxOf = (id: string) => db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, id));
const idsOf = (items: AdminReservation[]) => items.map((item) => item.id);
/** The items of `items` that are among `ids`, in the order the server gave them. */
const mine = (items: AdminReservation[], ids: string[]) => items.filter((item) => ids.includes(item.id));

describe('reservation lists', () => {
  it("today: only the Madrid day's reservations, pending first and then by time", async () => {
    await setNow('2026-11-24T23:30:00Z'); // 00:30 on the 25th in Madrid
    const yesterday = await insertReservation({ reservationDate: '2026-11-24', reservationTime: '21:00', status: 'pending' });
    const tomorrow = await insertReservation({ reservationDate: '2026-11-26', reservationTime: '13:00', status: 'pending' });
    const late = await insertReservation({ reservationDate: '2026-11-25', reservationTime: '20:00', status: 'pending' });
    const confirmed = await insertReservation({ reservationDate: '2026-11-25', reservationTime: '13:00', status: 'confirmed' });
    const early = await insertReservation({ reservationDate: '2026-11-25', reservationTime: '13:30', status: 'pending' });
    const cancelled = await insertReservation({ reservationDate: '2026-11-25', reservationTime: '12:00', status: 'cancelled' });

    const response = await api('GET', '/reservations/today');
    expect(response.statusCode).toBe(200);
    const items: AdminReservation[] = response.json();
    expect(items.every((item) => item.reservationDate === '2026-11-25')).toBe(true);
    const ids = [yesterday.id, tomorrow.id, late.id, confirmed.id, early.id, cancelled.id];
    expect(idsOf(mine(items, ids))).toEqual([early.id, late.id, cancelled.id, confirmed.id]);
    // The whole list keeps the rule, whoever else booked today.
    const key = (item: AdminReservation) => `${item.status === 'pending' ? 0 : 1} ${item.reservationTime}`;
    expect(items.map(key)).toEqual(items.map(key).sort());
  });

  it('upcoming: from tomorrow on, ordered by date and time', async () => {
    const today = await insertReservation({ reservationDate: TODAY, reservationTime: '22:00' });
    const laterDay = await insertReservation({ reservationDate: '2026-12-03', reservationTime: '12:00', status: 'confirmed' });
    const tomorrowLate = await insertReservation({ reservationDate: TOMORROW, reservationTime: '20:00' });
    const tomorrowEarly = await insertReservation({ reservationDate: TOMORROW, reservationTime: '13:00', status: 'confirmed' });
    const monday = await insertReservation({ reservationDate: '2026-11-30', reservationTime: '23:30' });

    const response = await api('GET', '/reservations/upcoming');
    expect(response.statusCode).toBe(200);
    const items: AdminReservation[] = response.json();
    expect(idsOf(mine(items, [today.id, laterDay.id, tomorrowLate.id, tomorrowEarly.id, monday.id]))).toEqual([
      tomorrowEarly.id,
      tomorrowLate.id,
      monday.id,
      laterDay.id,
    ]);
    expect(items.every((item) => item.reservationDate >= TOMORROW)).toBe(true);
    const key = (item: AdminReservation) => `${item.reservationDate} ${item.reservationTime}`;
    expect(items.map(key)).toEqual(items.map(key).sort());
  });

  it('pending: pending ones from today on, not yesterday\'s nor confirmed ones; the count matches', async () => {
    const countBefore = (await api('GET', '/reservations/pending/count')).json().count as number;
    const yesterday = await insertReservation({ reservationDate: YESTERDAY, status: 'pending' });
    const confirmed = await insertReservation({ reservationDate: TOMORROW, status: 'confirmed' });
    const cancelled = await insertReservation({ reservationDate: TOMORROW, status: 'cancelled' });
    const later = await insertReservation({ reservationDate: '2026-12-04', reservationTime: '13:00', status: 'pending' });
    const today = await insertReservation({ reservationDate: TODAY, reservationTime: '21:30', status: 'pending' });

    const response = await api('GET', '/reservations/pending');
    expect(response.statusCode).toBe(200);
    const items: AdminReservation[] = response.json();
    expect(idsOf(mine(items, [yesterday.id, confirmed.id, cancelled.id, later.id, today.id]))).toEqual([today.id, later.id]);
    expect(items.every((item) => item.status === 'pending' && item.reservationDate >= TODAY)).toBe(true);

    const count = await api('GET', '/reservations/pending/count');
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ count: items.length });
    expect(count.json().count).toBe(countBefore + 2);
  });
});

describe('PATCH /reservations/:id/status', () => {
  const patchStatus = (id: string, body: object) => api('PATCH', `/reservations/${id}/status`, body);

  it('confirms a pending reservation and queues one confirmation email to the guest', async () => {
    const row = await insertReservation({ status: 'pending' });
    const response = await patchStatus(row.id, { status: 'confirmed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: row.id, status: 'confirmed', cancellationReason: null });
    expect((await rowOf(row.id)).status).toBe('confirmed');

    const emails = await outboxOf(row.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'reservation_confirmed', toAddress: row.customerEmail });
    expect(emails[0]!.textBody).toContain('Tu reserva ha sido confirmada por el establecimiento');
    expect(emails[0]!.textBody).toContain('14:00');
  });

  it('cancels a pending reservation with a reason, stores it and tells the guest why', async () => {
    const row = await insertReservation({ status: 'pending' });
    const response = await patchStatus(row.id, { status: 'cancelled', reason: '  Cocina cerrada por avería  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', cancellationReason: 'Cocina cerrada por avería' });
    expect(await rowOf(row.id)).toMatchObject({ status: 'cancelled', cancellationReason: 'Cocina cerrada por avería' });

    const emails = await outboxOf(row.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      kind: 'reservation_cancelled',
      toAddress: row.customerEmail,
      subject: 'Reserva cancelada',
    });
    expect(emails[0]!.textBody).toContain('Motivo: Cocina cerrada por avería');
  });

  it('refuses a cancellation without a reason (missing or blank) with the spec message', async () => {
    const row = await insertReservation({ status: 'pending' });
    for (const body of [{ status: 'cancelled' }, { status: 'cancelled', reason: '   ' }]) {
      const response = await patchStatus(row.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.reason).toBe('Debe proporcionar un motivo para la cancelación.');
    }
    expect((await rowOf(row.id)).status).toBe('pending');
    expect(await outboxOf(row.id)).toEqual([]);
  });

  it("rejects without a reason when the caller says none is required (the upcoming view's Rechazar)", async () => {
    const row = await insertReservation({ status: 'pending', reservationDate: '2026-12-05' });
    const response = await patchStatus(row.id, { status: 'cancelled', requireReason: false });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'cancelled', cancellationReason: null });
    const emails = await outboxOf(row.id);
    expect(emails.map((email) => email.kind)).toEqual(['reservation_cancelled']);
    expect(emails[0]!.textBody).not.toContain('Motivo:');
  });

  it('completes a confirmed reservation without emailing the guest; one email row per emailing change', async () => {
    const row = await insertReservation({ status: 'pending' });
    expect((await patchStatus(row.id, { status: 'confirmed' })).statusCode).toBe(200);
    const response = await patchStatus(row.id, { status: 'completed' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('completed');
    expect((await rowOf(row.id)).status).toBe('completed');
    expect((await outboxOf(row.id)).map((email) => email.kind)).toEqual(['reservation_confirmed']);
  });

  it('changes a reservation without an email address and queues nothing', async () => {
    const row = await insertReservation({ status: 'pending', customerEmail: null });
    expect((await patchStatus(row.id, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await rowOf(row.id)).status).toBe('confirmed');
    expect(await outboxOf(row.id)).toEqual([]);
  });

  it('cancels a confirmed reservation with a reason (issue 19): cancelled by staff, the guest told why', async () => {
    const row = await insertReservation({ status: 'confirmed' });
    const response = await patchStatus(row.id, { status: 'cancelled', reason: 'Evento privado', from: 'confirmed' });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'staff', cancellationReason: 'Evento privado' });
    const emails = await outboxOf(row.id);
    expect(emails.map((email) => email.kind)).toEqual(['reservation_cancelled']);
    expect(emails[0]!.textBody).toContain('Motivo: Evento privado');
  });

  it("refuses a confirmed reservation's cancellation without a reason, or as a one-tap 'Rechazar'", async () => {
    const row = await insertReservation({ status: 'confirmed' });
    expect((await patchStatus(row.id, { status: 'cancelled' })).statusCode).toBe(400);
    const rejected = await patchStatus(row.id, { status: 'cancelled', requireReason: false });
    expect(rejected.statusCode).toBe(409);
    expect((await rowOf(row.id)).status).toBe('confirmed');
    expect(await outboxOf(row.id)).toEqual([]);
  });

  it("never completes a 'No vino' booking", async () => {
    const row = await insertReservation({ status: 'confirmed', arrivalStatus: 'no_show' });
    const response = await patchStatus(row.id, { status: 'completed' });
    expect(response.statusCode).toBe(409);
    expect((await rowOf(row.id)).status).toBe('confirmed');
  });

  it('refuses a change made from a stale screen (the status it saw is no longer the status)', async () => {
    const row = await insertReservation({ status: 'pending' });
    expect((await patchStatus(row.id, { status: 'confirmed', from: 'pending' })).statusCode).toBe(200);
    const stale = await patchStatus(row.id, { status: 'cancelled', reason: 'Sin sitio', from: 'pending' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('Esta reserva ya no admite ese cambio de estado. Recarga la lista.');
    expect((await rowOf(row.id)).status).toBe('confirmed');
    expect((await outboxOf(row.id)).map((email) => email.kind)).toEqual(['reservation_confirmed']);
  });

  const refused = [
    ['pending', 'completed'],
    ['confirmed', 'confirmed'],
    ['cancelled', 'confirmed'],
    ['cancelled', 'cancelled'],
    ['cancelled', 'completed'],
    ['completed', 'confirmed'],
    ['completed', 'cancelled'],
    ['completed', 'completed'],
  ] as const;
  it.each(refused)('answers %s -> %s with 409 and changes nothing', async (from, to) => {
    const row = await insertReservation({ status: from });
    const body = to === 'cancelled' ? { status: to, reason: 'Sin sitio' } : { status: to };
    const response = await patchStatus(row.id, body);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Esta reserva ya no admite ese cambio de estado. Recarga la lista.');
    expect((await rowOf(row.id)).status).toBe(from);
    expect(await outboxOf(row.id)).toEqual([]);
  });

  it("answers 'pending' as a target with 400 (it is not in the schema)", async () => {
    const row = await insertReservation({ status: 'confirmed' });
    const response = await patchStatus(row.id, { status: 'pending' });
    expect(response.statusCode).toBe(400);
    expect((await rowOf(row.id)).status).toBe('confirmed');
  });

  it('answers an unknown id with 404 and a non-uuid id with 400', async () => {
    const unknown = await patchStatus(randomUUID(), { status: 'confirmed' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No se pudo encontrar la reserva.');
    const malformed = await patchStatus('not-a-uuid', { status: 'confirmed' });
    expect(malformed.statusCode).toBe(400);
  });

  it('keeps the change but queues no email when email notifications are off', async () => {
    await db()
      .insert(notificationSettings)
      .values({ id: 1, emailNotificationsEnabled: false })
      .onConflictDoUpdate({ target: notificationSettings.id, set: { emailNotificationsEnabled: false } });
    try {
      const confirmed = await insertReservation({ status: 'pending' });
      const cancelled = await insertReservation({ status: 'pending' });
      expect((await patchStatus(confirmed.id, { status: 'confirmed' })).statusCode).toBe(200);
      expect((await patchStatus(cancelled.id, { status: 'cancelled', reason: 'Cierre' })).statusCode).toBe(200);
      expect((await rowOf(confirmed.id)).status).toBe('confirmed');
      expect((await rowOf(cancelled.id)).status).toBe('cancelled');
      expect(await outboxOf(confirmed.id)).toEqual([]);
      expect(await outboxOf(cancelled.id)).toEqual([]);
    } finally {
      await db().update(notificationSettings).set({ emailNotificationsEnabled: true }).where(eq(notificationSettings.id, 1));
    }
  });
});

describe('PATCH /reservations/:id/arrival', () => {
  const patchArrival = async (id: string, body: object) => api('PATCH', `/reservations/${id}/arrival`, { revision: await revisionOf(db(), id), ...body });
  const sources = ['pending', 'arrived', 'no_show', 'delayed'] as const;
  const targets = ['arrived', 'no_show', 'delayed'] as const;

  it.each(sources.flatMap((from) => targets.map((to) => [from, to] as const)))(
    'sets %s -> %s',
    async (from, to) => {
      const row = await insertReservation({ status: 'confirmed', arrivalStatus: from, adminNotes: '[Cliente] Trona' });
      const response = await patchArrival(row.id, { arrivalStatus: to });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: row.id, arrivalStatus: to, status: 'confirmed' });
      // Without notes the existing ones stay.
      expect(await rowOf(row.id)).toMatchObject({ arrivalStatus: to, adminNotes: '[Cliente] Trona' });
    },
  );

  it('stores admin notes when given', async () => {
    const row = await insertReservation({ status: 'confirmed', adminNotes: '[Cliente] Trona' });
    const response = await patchArrival(row.id, { arrivalStatus: 'delayed', adminNotes: '  Llega 20 min tarde  ' });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ arrivalStatus: 'delayed', adminNotes: 'Llega 20 min tarde' });
  });

  it('works on pending and completed reservations too (the history view offers it for all)', async () => {
    for (const status of ['pending', 'completed'] as const) {
      const row = await insertReservation({ status });
      expect((await patchArrival(row.id, { arrivalStatus: 'arrived' })).statusCode).toBe(200);
      expect(await rowOf(row.id)).toMatchObject({ status, arrivalStatus: 'arrived' });
    }
  });

  it('answers an unknown arrival state with 400', async () => {
    const row = await insertReservation({ status: 'confirmed', arrivalStatus: 'arrived' });
    const response = await patchArrival(row.id, { arrivalStatus: 'sentado' });
    expect(response.statusCode).toBe(400);
    expect((await rowOf(row.id)).arrivalStatus).toBe('arrived');
  });

  it('answers a cancelled reservation with 409 and leaves it as it was', async () => {
    const row = await insertReservation({ status: 'cancelled' });
    const response = await patchArrival(row.id, { arrivalStatus: 'arrived', adminNotes: 'Vino igualmente' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(errors.arrivalNotAllowed);
    expect(await rowOf(row.id)).toMatchObject({ arrivalStatus: 'pending', adminNotes: null });
  });

  it('answers an unknown id with 404', async () => {
    const response = await patchArrival(randomUUID(), { arrivalStatus: 'arrived' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('No se pudo encontrar la reserva.');
  });
});

describe('POST /reservations (manual)', () => {
  const manual = (overrides: Record<string, unknown> = {}) => ({
    customerName: '  Jorge Ruiz  ',
    customerPhone: ' 600 222 333 ',
    customerEmail: '  Jorge.Ruiz@Example.COM ',
    numberOfPeople: 25,
    reservationDate: '2026-11-26',
    reservationTime: '21:00',
    notes: '  Mesa junto a la ventana  ',
    // 21:00 is past the default closing (18:00): staff book it knowingly ('Guardar igualmente', issue 19).
    override: true,
    // The same guest is booked many times over here; the duplicate warning has its own tests (duplicate-bookings).
    confirmDuplicate: true,
    ...overrides,
  });
  const create = (body: object) => api('POST', '/reservations', body);

  it('creates a confirmed admin reservation with trimmed, lower-cased fields', async () => {
    const response = await create(manual());
    expect(response.statusCode).toBe(201);
    const created = response.json();
    const expected = {
      customerName: 'Jorge Ruiz',
      customerPhone: '600 222 333',
      customerEmail: 'jorge.ruiz@example.com',
      numberOfPeople: 25,
      reservationDate: '2026-11-26',
      reservationTime: '21:00',
      status: 'confirmed',
      arrivalStatus: 'pending',
      source: 'admin',
      adminNotes: 'Mesa junto a la ventana',
    };
    expect(created).toMatchObject(expected);
    expect(await rowOf(created.id)).toMatchObject(expected);
  });

  it('stores an empty or missing email and blank notes as null, and accepts today', async () => {
    const blanks = [
      { customerEmail: '', notes: '   ' },
      { customerEmail: '   ', notes: undefined },
      { customerEmail: undefined, notes: '' },
    ];
    for (const overrides of blanks) {
      const response = await create(manual({ ...overrides, reservationDate: TODAY }));
      expect(response.statusCode).toBe(201);
      expect(await rowOf(response.json().id)).toMatchObject({
        customerEmail: null,
        adminNotes: null,
        status: 'confirmed',
        source: 'admin',
        reservationDate: TODAY,
      });
    }
  });

  it('answers invalid fields with the spec messages', async () => {
    const response = await create(
      manual({ customerName: ' J ', customerPhone: ' 1234567 ', customerEmail: 'no-es-un-email', numberOfPeople: 0 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      customerName: 'El nombre debe tener al menos 2 caracteres',
      customerPhone: 'El teléfono debe tener al menos 8 dígitos',
      customerEmail: 'Formato de email inválido',
      numberOfPeople: 'Mínimo 1 persona',
    });

    const tooMany = await create(manual({ numberOfPeople: 31 }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual({ numberOfPeople: 'Máximo 30 personas' });

    const { reservationDate: _date, reservationTime: _time, ...undated } = manual();
    const missing = await create(undated);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      reservationDate: 'Selecciona una fecha',
      reservationTime: 'Selecciona una hora',
    });
  });

  it("refuses a closed day or time with the reason until staff save anyway (issue 19's 'Guardar igualmente')", async () => {
    const closures = staffMessages.admin.manualReservation.closures;
    const cases = [
      [{ reservationDate: '2026-11-30', reservationTime: '14:00' }, 'reservationDate', closures.monday],
      [{ reservationDate: '2026-11-26', reservationTime: '21:00' }, 'reservationTime', closures.outside_hours],
    ] as const;
    for (const [when, field, message] of cases) {
      const name = `Cerrado ${tag()}`;
      const refused = await create(manual({ ...when, customerName: name, override: false }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'closed', message, fields: { [field]: message } });
      expect(await db().select().from(reservations).where(eq(reservations.customerName, name))).toEqual([]);
      const saved = await create(manual({ ...when, customerName: name, override: true }));
      expect(saved.statusCode).toBe(201);
    }
    const blocked = await api('POST', '/blocked-days', { date: '2026-12-03', reason: 'Inventario' });
    expect(blocked.statusCode).toBe(201);
    const onBlockedDay = await create(manual({ reservationDate: '2026-12-03', reservationTime: '14:00', override: false }));
    expect(onBlockedDay.json().error.message).toBe(closures.closed_day);
    const inHours = await create(manual({ reservationDate: '2026-11-26', reservationTime: '14:00', override: false }));
    expect(inHours.statusCode).toBe(201);
  });

  it("refuses yesterday with 400 and creates nothing", async () => {
    const name = `Pasado ${tag()}`;
    const response = await create(manual({ customerName: name, reservationDate: YESTERDAY }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('La fecha no puede ser anterior a hoy.');
    expect(await db().select().from(reservations).where(eq(reservations.customerName, name))).toEqual([]);
  });
});

describe('GET /reservations/history', () => {
  type Page = { items: AdminReservation[]; total: number; page: number; pageSize: number };
  async function history(params: Record<string, string | number>): Promise<Page> {
    const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
    const response = await api('GET', `/reservations/history?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  const names = (page: Page) => page.items.map((item) => item.customerName.split(' ')[0]);

  it('filters by an inclusive date range', async () => {
    const word = tag();
    for (const date of ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04']) {
      await insertReservation({ customerName: `Rango ${word}`, reservationDate: date });
    }
    const dates = (page: Page) => page.items.map((item) => item.reservationDate).sort();
    const both = await history({ q: word, from: '2026-10-02', to: '2026-10-03' });
    expect(dates(both)).toEqual(['2026-10-02', '2026-10-03']);
    expect(both.total).toBe(2);
    expect(dates(await history({ q: word, from: '2026-10-03' }))).toEqual(['2026-10-03', '2026-10-04']);
    expect(dates(await history({ q: word, to: '2026-10-01' }))).toEqual(['2026-10-01']);
  });

  it('filters by status and by arrival status', async () => {
    const word = tag();
    const rows = {
      pending: await insertReservation({ customerName: `Estado ${word}`, status: 'pending' }),
      confirmed: await insertReservation({ customerName: `Estado ${word}`, status: 'confirmed', arrivalStatus: 'no_show' }),
      cancelled: await insertReservation({ customerName: `Estado ${word}`, status: 'cancelled' }),
      completed: await insertReservation({ customerName: `Estado ${word}`, status: 'completed', arrivalStatus: 'arrived' }),
    };
    for (const status of ['pending', 'confirmed', 'cancelled', 'completed'] as const) {
      const page = await history({ q: word, status });
      expect(idsOf(page.items)).toEqual([rows[status].id]);
      expect(page.total).toBe(1);
    }
    expect(idsOf((await history({ q: word, arrivalStatus: 'no_show' })).items)).toEqual([rows.confirmed.id]);
    expect(idsOf((await history({ q: word, arrivalStatus: 'arrived' })).items)).toEqual([rows.completed.id]);
    expect(idsOf((await history({ q: word, arrivalStatus: 'delayed' })).items)).toEqual([]);
    expect((await history({ q: word, arrivalStatus: 'pending' })).total).toBe(2);
    expect((await history({ q: word, status: 'completed', arrivalStatus: 'no_show' })).total).toBe(0);
  });

  it('searches name, email and phone case-insensitively', async () => {
    const word = tag();
    const digits = String(1_000_000 + (randomBytes(4).readUInt32BE() % 9_000_000));
    const byName = await insertReservation({ customerName: `Marta ${word}` });
    const byEmail = await insertReservation({ customerName: 'Otro Cliente', customerEmail: `${word}@example.com` });
    const byPhone = await insertReservation({ customerName: 'Otro Cliente', customerPhone: `+34 ${digits}` });

    const upper = await history({ q: word.toUpperCase() });
    expect(idsOf(upper.items).sort()).toEqual([byName.id, byEmail.id].sort());
    expect(upper.total).toBe(2);
    expect(idsOf((await history({ q: `  ${word.slice(2, 8)}  ` })).items).sort()).toEqual([byName.id, byEmail.id].sort());
    expect(idsOf((await history({ q: digits })).items)).toEqual([byPhone.id]);
  });

  it("matches '%', '_' and '\\' typed in the search literally", async () => {
    const word = tag();
    const percent = await insertReservation({ customerName: `Oferta 100%${word}` });
    const underscore = await insertReservation({ customerName: `Oferta _${word}` });
    const backslash = await insertReservation({ customerName: `Oferta \\${word}` });
    const plain = await insertReservation({ customerName: `Oferta 100${word}` });
    const all = [percent.id, underscore.id, backslash.id, plain.id].sort();

    expect(idsOf((await history({ q: word })).items).sort()).toEqual(all);
    expect(idsOf((await history({ q: `%${word}` })).items)).toEqual([percent.id]);
    expect(idsOf((await history({ q: `_${word}` })).items)).toEqual([underscore.id]);
    expect(idsOf((await history({ q: `\\${word}` })).items)).toEqual([backslash.id]);
    expect((await history({ q: `%%${word}` })).total).toBe(0);
  });

  it('sorts by each field in both directions, reservation_date descending by default', async () => {
    const word = tag();
    // Each field orders the four rows differently, and no order equals another field's reverse.
    const fixtures = [
      { key: 'a', name: 'Benito', date: '2026-09-10', time: '13:30', created: '2026-08-04T10:00:00Z' },
      { key: 'b', name: 'Ana', date: '2026-09-11', time: '21:00', created: '2026-08-02T10:00:00Z' },
      { key: 'c', name: 'Diego', date: '2026-09-12', time: '12:00', created: '2026-08-03T10:00:00Z' },
      { key: 'd', name: 'Carmen', date: '2026-09-13', time: '19:00', created: '2026-08-01T10:00:00Z' },
    ];
    for (const fixture of fixtures) {
      await insertReservation({
        customerName: `${fixture.name} ${word}`,
        reservationDate: fixture.date,
        reservationTime: fixture.time,
        createdAt: new Date(fixture.created),
      });
    }
    const keyOf = Object.fromEntries(fixtures.map((fixture) => [fixture.name, fixture.key]));
    const order = async (params: Record<string, string>) =>
      names(await history({ q: word, ...params }))
        .map((name) => keyOf[name!])
        .join('');

    const ascending = {
      reservation_date: 'abcd',
      reservation_time: 'cadb',
      created_at: 'dbca',
      customer_name: 'badc',
    };
    for (const [sort, expected] of Object.entries(ascending)) {
      expect(await order({ sort, direction: 'asc' }), `${sort} asc`).toBe(expected);
      expect(await order({ sort, direction: 'desc' }), `${sort} desc`).toBe([...expected].reverse().join(''));
    }
    expect(await order({})).toBe('dcba');
    expect(await order({ sort: 'customer_name' })).toBe('cdab');
  });

  it('pages by 50 without repeating a row, with the total of all matches', async () => {
    const word = tag();
    // Same date and time for all: only the tie-breaker keeps the order stable across pages.
    await db()
      .insert(reservations)
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          customerName: `Página ${index} ${word}`,
          customerPhone: '600 333 444',
          numberOfPeople: 2,
          reservationDate: '2026-08-20',
          reservationTime: '20:00',
        })),
      );
    const first = await history({ q: word });
    const second = await history({ q: word, page: 2 });
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 60 });
    expect(second).toMatchObject({ page: 2, pageSize: 50, total: 60 });
    expect(first.items).toHaveLength(50);
    expect(second.items).toHaveLength(10);
    const all = new Set([...idsOf(first.items), ...idsOf(second.items)]);
    expect(all.size).toBe(60);
    expect((await history({ q: word, page: 3 })).items).toEqual([]);
    // The same split holds in the other direction.
    const firstAsc = await history({ q: word, direction: 'asc' });
    const secondAsc = await history({ q: word, direction: 'asc', page: 2 });
    expect(new Set([...idsOf(firstAsc.items), ...idsOf(secondAsc.items)]).size).toBe(60);
  });

  it('answers an unknown sort field or direction with 400', async () => {
    for (const query of ['sort=customer_email', 'sort=id;drop', 'direction=sideways', 'status=lost', 'page=0']) {
      const response = await api('GET', `/reservations/history?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('daily pause', () => {
  const pauseRowsOf = (date: string) =>
    db().select().from(dailyReservationPauses).where(eq(dailyReservationPauses.pauseDate, date));
  const putPause = (body: object) => api('PUT', '/pause/today', body);

  it('pauses today, paused now only inside the window, both ends included', async () => {
    const response = await putPause({ startTime: '14:00', endTime: '15:00' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      pause: { pauseDate: TODAY, startTime: '14:00', endTime: '15:00' },
      pausedNow: false,
    });
    expect(await pauseRowsOf(TODAY)).toMatchObject([{ startTime: '14:00', endTime: '15:00', isActive: true }]);

    const pausedNowAt = async (instant: string) => {
      clock.set(instant);
      const current = await api('GET', '/pause/today');
      expect(current.statusCode).toBe(200);
      return current.json().pausedNow as boolean;
    };
    expect(await pausedNowAt('2026-11-24T12:59:00Z')).toBe(false); // 13:59
    expect(await pausedNowAt('2026-11-24T13:00:00Z')).toBe(true); // 14:00
    expect(await pausedNowAt('2026-11-24T13:30:00Z')).toBe(true); // 14:30
    expect(await pausedNowAt('2026-11-24T14:00:00Z')).toBe(true); // 15:00
    expect(await pausedNowAt('2026-11-24T14:00:59Z')).toBe(true); // still 15:00
    expect(await pausedNowAt('2026-11-24T14:01:00Z')).toBe(false); // 15:01
  });

  it('refuses missing times and a start that is not before the end', async () => {
    await setNow('2026-12-29T10:00:00Z');
    for (const body of [{}, { startTime: '14:00' }, { endTime: '15:00' }, { startTime: '', endTime: '' }]) {
      const response = await putPause(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Debes seleccionar hora de inicio y fin.');
    }
    for (const body of [{ startTime: '15:00', endTime: '15:00' }, { startTime: '16:00', endTime: '15:30' }]) {
      const response = await putPause(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('La hora de inicio debe ser anterior a la hora de fin.');
    }
    expect(await pauseRowsOf('2026-12-29')).toEqual([]);
  });

  it('a second PUT updates the same row', async () => {
    await setNow('2026-12-01T10:00:00Z');
    expect((await putPause({ startTime: '14:00', endTime: '15:00' })).statusCode).toBe(200);
    const [first] = await pauseRowsOf('2026-12-01');
    const second = await putPause({ startTime: '16:00', endTime: '17:30' });
    expect(second.statusCode).toBe(200);
    expect(second.json().pause).toEqual({ pauseDate: '2026-12-01', startTime: '16:00', endTime: '17:30' });
    const rows = await pauseRowsOf('2026-12-01');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, startTime: '16:00', endTime: '17:30', isActive: true });
  });

  it('DELETE resumes: 204, no pause any more, and the row is kept inactive; a new PUT reactivates it', async () => {
    await setNow('2026-12-08T13:15:00Z'); // 14:15, inside the pause
    expect((await putPause({ startTime: '14:00', endTime: '15:00' })).json().pausedNow).toBe(true);
    const resumed = await api('DELETE', '/pause/today');
    expect(resumed.statusCode).toBe(204);
    expect((await api('GET', '/pause/today')).json()).toEqual({ pause: null, pausedNow: false });
    expect(await pauseRowsOf('2026-12-08')).toMatchObject([{ startTime: '14:00', endTime: '15:00', isActive: false }]);

    expect((await putPause({ startTime: '14:00', endTime: '15:00' })).json().pausedNow).toBe(true);
    expect(await pauseRowsOf('2026-12-08')).toMatchObject([{ isActive: true }]);
    expect((await api('DELETE', '/pause/today')).statusCode).toBe(204);
  });

  it("marks today's public slots in the window as paused while the pause is active", async () => {
    await setNow('2026-12-15T10:00:00Z');
    const pausedSlots = async (date: string) => {
      const response = await app().request({ method: 'GET', url: `/api/public/availability?date=${date}` });
      expect(response.statusCode).toBe(200);
      const slots: Array<{ time: string; reason: string | null }> = response.json().slots;
      expect(slots.length).toBeGreaterThan(0);
      return slots.filter((slot) => slot.reason === 'paused').map((slot) => slot.time);
    };
    expect(await pausedSlots('2026-12-15')).toEqual([]);
    expect((await putPause({ startTime: '14:00', endTime: '15:00' })).statusCode).toBe(200);
    expect(await pausedSlots('2026-12-15')).toEqual(['14:00', '14:30', '15:00']);
    expect(await pausedSlots('2026-12-16')).toEqual([]); // the pause is today's only
    expect((await api('DELETE', '/pause/today')).statusCode).toBe(204);
    expect(await pausedSlots('2026-12-15')).toEqual([]);
  });
});

describe('blocked days', () => {
  const closedRowsOf = (date: string) =>
    db()
      .select()
      .from(dateExceptions)
      .where(and(eq(dateExceptions.exceptionDate, date), eq(dateExceptions.isClosed, true)));
  const block = (body: object) => api('POST', '/blocked-days', body);
  const availability = async (date: string) =>
    (await app().request({ method: 'GET', url: `/api/public/availability?date=${date}` })).json();

  it("blocks a day with the default reason, and blocking again replaces the row", async () => {
    const first = await block({ date: '2026-12-10' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ date: '2026-12-10', reason: 'Día bloqueado' });
    expect(await closedRowsOf('2026-12-10')).toMatchObject([{ reason: 'Día bloqueado' }]);

    const again = await block({ date: '2026-12-10', reason: '  Cena privada  ' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ date: '2026-12-10', reason: 'Cena privada' });
    expect(await closedRowsOf('2026-12-10')).toMatchObject([{ id: again.json().id, reason: 'Cena privada' }]);
  });

  it('blocks one date from simultaneous requests (a double submit) without an error, leaving one closed row', async () => {
    const responses = await Promise.all(
      ['Boda', 'Boda', 'Evento', 'Evento', 'Cierre'].map((reason) => block({ date: '2026-12-17', reason })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const rows = await closedRowsOf('2026-12-17');
    expect(rows).toHaveLength(1);
    expect(responses.map((response) => response.json().id)).toContain(rows[0]!.id);
  });

  it('refuses yesterday and accepts today', async () => {
    const past = await block({ date: YESTERDAY });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ date: 'La fecha no puede ser anterior a hoy.' });
    expect(await closedRowsOf(YESTERDAY)).toEqual([]);

    await setNow('2027-01-05T10:00:00Z'); // a day no other test books
    expect((await block({ date: '2027-01-05' })).statusCode).toBe(201);
    expect((await block({ date: '2027-01-04' })).statusCode).toBe(400);
  });

  it('refuses a missing or malformed date with 400', async () => {
    expect((await block({})).json().error.fields).toEqual({ date: 'Selecciona una fecha' });
    expect((await block({ date: '2026-02-30' })).statusCode).toBe(400);
    expect((await api('DELETE', '/blocked-days/not-a-date')).statusCode).toBe(400);
  });

  it('lists the upcoming blocked days in date order, not past or open ones', async () => {
    await db().insert(dateExceptions).values([
      { exceptionDate: '2026-11-20', isClosed: true, reason: 'Pasado' },
      { exceptionDate: '2027-01-27', isClosed: false, reason: 'Abierto' },
    ]);
    expect((await block({ date: '2027-01-20', reason: 'Inventario' })).statusCode).toBe(201);
    expect((await block({ date: '2027-01-13' })).statusCode).toBe(201);

    const response = await api('GET', '/blocked-days');
    expect(response.statusCode).toBe(200);
    const days: Array<{ date: string; reason: string }> = response.json();
    const mineOnly = days.filter((day) => ['2026-11-20', '2027-01-13', '2027-01-20', '2027-01-27'].includes(day.date));
    expect(mineOnly).toMatchObject([
      { date: '2027-01-13', reason: 'Día bloqueado' },
      { date: '2027-01-20', reason: 'Inventario' },
    ]);
    expect(days.every((day) => day.date >= TODAY)).toBe(true);
    expect(days.map((day) => day.date)).toEqual(days.map((day) => day.date).sort());
  });

  it('closes the day to the public until it is unblocked', async () => {
    const date = '2026-12-09'; // a Wednesday
    expect((await availability(date)).bookable).toBe(true);
    expect((await block({ date })).statusCode).toBe(201);
    expect(await availability(date)).toMatchObject({ bookable: false, closedReason: 'closed_day' });

    const refused = await app().request({
      method: 'POST',
      url: '/api/public/reservations',
      payload: bookingBody({
        customerName: 'Elena Martín',
        customerPhone: '600 444 555',
        customerEmail: uniqueEmail(),
        reservationDate: date,
      }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'En esta fecha no aceptamos reservas. Por favor, selecciona otro día disponible.',
    );

    const unblocked = await api('DELETE', `/blocked-days/${date}`);
    expect(unblocked.statusCode).toBe(204);
    expect(await closedRowsOf(date)).toEqual([]);
    expect((await api('GET', '/blocked-days')).json().map((day: { date: string }) => day.date)).not.toContain(date);
    expect(await availability(date)).toMatchObject({ bookable: true, closedReason: null });
  });

  it('unblocking removes only the closed row of that date', async () => {
    await db().insert(dateExceptions).values({ exceptionDate: '2027-02-10', isClosed: false, reason: 'Abierto' });
    expect((await block({ date: '2027-02-10' })).statusCode).toBe(201);
    expect((await block({ date: '2027-02-11' })).statusCode).toBe(201);
    expect((await api('DELETE', '/blocked-days/2027-02-10')).statusCode).toBe(204);
    const left = await db()
      .select({ date: dateExceptions.exceptionDate, isClosed: dateExceptions.isClosed })
      .from(dateExceptions)
      .where(inArray(dateExceptions.exceptionDate, ['2027-02-10', '2027-02-11']));
    expect(left).toHaveLength(2);
    expect(left).toEqual(
      expect.arrayContaining([
        { date: '2027-02-10', isClosed: false },
        { date: '2027-02-11', isClosed: true },
      ]),
    );
  });
});

describe('live change events', () => {
  let stream: EventStreamReader | undefined;
  afterEach(async () => {
    await stream?.close();
    stream = undefined;
  });

  it('records a change event for every admin write, and none for a refused one', async () => {
    await setNow('2026-12-22T10:00:00Z'); // a Tuesday of its own
    const response = await fetch(`${app().instance.url}/api/admin/events`, {
      headers: { accept: 'text/event-stream', cookie },
    });
    expect(response.status).toBe(200);
    stream = new EventStreamReader(response);
    expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });
    const nextChange = async (table: string, id: string) => {
      const seen = await stream!.until((event) => changeOf(event)?.table === table && changeOf(event)?.id === id);
      return { last: changeOf(seen.at(-1)!), all: seen.map(changeOf) };
    };

    const completed = await insertReservation({ status: 'completed' });
    const pending = await insertReservation({ status: 'pending' });
    expect((await api('PATCH', `/reservations/${completed.id}/status`, { status: 'confirmed' })).statusCode).toBe(409);
    expect((await api('PATCH', `/reservations/${pending.id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const status = await nextChange('reservations', pending.id);
    expect(status.last).toStrictEqual({ table: 'reservations', action: 'update', id: pending.id });
    // Changes arrive in commit order: the refused one, sent first, would be here.
    expect(status.all.filter((event) => event?.id === completed.id)).toEqual([]);

    expect((await api('PATCH', `/reservations/${pending.id}/arrival`, { arrivalStatus: 'arrived', revision: await revisionOf(db(), pending.id) })).statusCode).toBe(200);
    expect((await nextChange('reservations', pending.id)).last).toStrictEqual({
      table: 'reservations',
      action: 'update',
      id: pending.id,
    });

    const created = await api('POST', '/reservations', {
      customerName: 'Pablo Gil',
      customerPhone: '600 555 666',
      numberOfPeople: 3,
      reservationDate: '2026-12-23',
      reservationTime: '20:30',
      override: true,
    });
    expect(created.statusCode).toBe(201);
    expect((await nextChange('reservations', created.json().id)).last).toStrictEqual({
      table: 'reservations',
      action: 'insert',
      id: created.json().id,
    });

    expect((await api('PUT', '/pause/today', { startTime: '14:00', endTime: '15:00' })).statusCode).toBe(200);
    const [pause] = await db().select().from(dailyReservationPauses).where(eq(dailyReservationPauses.pauseDate, '2026-12-22'));
    const pauseEvent = { table: 'daily_reservation_pauses', action: 'update', id: pause!.id };
    expect((await nextChange('daily_reservation_pauses', pause!.id)).last).toStrictEqual(pauseEvent);
    expect((await api('DELETE', '/pause/today')).statusCode).toBe(204);
    expect((await nextChange('daily_reservation_pauses', pause!.id)).last).toStrictEqual(pauseEvent);

    const blocked = await api('POST', '/blocked-days', { date: '2027-02-03' });
    expect(blocked.statusCode).toBe(201);
    const blockedId: string = blocked.json().id;
    expect((await nextChange('date_exceptions', blockedId)).last).toStrictEqual({
      table: 'date_exceptions',
      action: 'insert',
      id: blockedId,
    });
    expect((await api('DELETE', '/blocked-days/2027-02-03')).statusCode).toBe(204);
    expect((await nextChange('date_exceptions', blockedId)).last).toStrictEqual({
      table: 'date_exceptions',
      action: 'delete',
      id: blockedId,
    });
  });
});

describe('GET /reservations/active (what a closure or a time block would hit)', () => {
  it("lists a date's pending and confirmed bookings, in [from, to) when given, by time", async () => {
    const date = '2026-12-17';
    const at = (reservationTime: string, status: 'pending' | 'confirmed' | 'cancelled' | 'completed') =>
      insertReservation({ reservationDate: date, reservationTime, status, customerName: `Activa ${tag()}` });
    const early = await at('13:00', 'confirmed');
    const inside = await at('14:00', 'pending');
    await at('14:30', 'cancelled');
    await at('14:45', 'completed');
    const atEnd = await at('15:00', 'confirmed');
    await insertReservation({ reservationDate: '2026-12-18', reservationTime: '14:00', status: 'confirmed' });

    const whole = await api('GET', `/reservations/active?date=${date}`);
    expect(whole.statusCode).toBe(200);
    expect(idsOf(whole.json())).toEqual([early.id, inside.id, atEnd.id]);
    const window = await api('GET', `/reservations/active?date=${date}&from=13:30&to=15:00`);
    expect(idsOf(window.json())).toEqual([inside.id]);
  });

  it('refuses a bad date or a window that ends before it starts', async () => {
    expect((await api('GET', '/reservations/active?date=2026-13-01')).statusCode).toBe(400);
    expect((await api('GET', '/reservations/active?date=2026-12-17&from=15:00&to=14:00')).statusCode).toBe(400);
    expect((await api('GET', '/reservations/active')).statusCode).toBe(400);
  });
});
