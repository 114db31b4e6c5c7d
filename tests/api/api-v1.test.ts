import { describe, expect, it } from 'vitest';
import { API_RESERVATIONS_RANGE_DAYS_MAX } from '@shared/limits.ts';
import { formatMessage, messages } from '@shared/messages.ts';
import { addDays, madridToday } from '@shared/rules/madrid-time.ts';
import type { ApiReservation, ApiReservationPage } from '@shared/schemas/api-v1.ts';
import { integrationsMessages as text } from '@shared/staff-messages/integrations.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { waitlistMessages } from '@shared/staff-messages/waitlist.ts';
import { insertReservations } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 48, part 2: each /api/v1 route's happy path and a bad input answered 400 in Spanish (decision 049).
let key: string;
const { app, db, api } = useApiSuite({
  afterStart: async () => {
    const created = await api('POST', '/integrations/api-keys', { name: 'Integración completa', scopes: ['lectura', 'reservas', 'mesas', 'clientes'] });
    key = created.json().key;
  },
});
const soon = addDays(madridToday(new Date()), 3);
const validation = messages.reservation.validation;

function v1(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app().instance.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
}

async function expectBadRequest(response: Awaited<ReturnType<typeof v1>>, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error.fields?.[field], response.body).toBe(message);
}

describe('GET /api/v1/reservations', () => {
  it('pages a period by date and time with a cursor, each row once', async () => {
    await insertReservations(db(), [
      { reservationDate: '2030-05-02', reservationTime: '21:00', customerName: 'Cuarta Reserva' },
      { reservationDate: '2030-05-01', reservationTime: '14:00', customerName: 'Primera Reserva' },
      { reservationDate: '2030-05-01', reservationTime: '20:30', customerName: 'Segunda Reserva' },
      { reservationDate: '2030-05-02', reservationTime: '13:30', customerName: 'Tercera Reserva', status: 'confirmed' },
      { reservationDate: '2030-05-04', reservationTime: '13:30', customerName: 'Fuera Periodo' },
    ]);
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await v1('GET', `/reservations?from=2030-05-01&to=2030-05-03&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as ApiReservationPage;
      names.push(...page.items.map((item) => item.customerName));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(names).toEqual(['Primera Reserva', 'Segunda Reserva', 'Tercera Reserva', 'Cuarta Reserva']);
    expect(pages).toBe(2);
    const confirmed = (await v1('GET', '/reservations?from=2030-05-01&to=2030-05-03&status=confirmed')).json() as ApiReservationPage;
    expect(confirmed.items.map((item) => item.customerName)).toEqual(['Tercera Reserva']);
    expect(Object.keys(confirmed.items[0]!).sort()).toEqual(
      ['billCents', 'cancellationReason', 'createdAt', 'customerEmail', 'customerName', 'customerPhone', 'id', 'notes', 'numberOfPeople', 'reservationDate', 'reservationTime', 'revision', 'source', 'status', 'arrivalStatus'].sort(),
    );
  });

  it('refuses a period too long or reversed, a missing date and a forged cursor, in Spanish', async () => {
    const tooLong = addDays('2030-01-01', API_RESERVATIONS_RANGE_DAYS_MAX);
    await expectBadRequest(await v1('GET', `/reservations?from=2030-01-01&to=${tooLong}`), 'to', formatMessage(text.api.rangeTooLong, { days: API_RESERVATIONS_RANGE_DAYS_MAX }));
    expect((await v1('GET', `/reservations?from=2030-01-01&to=${addDays('2030-01-01', API_RESERVATIONS_RANGE_DAYS_MAX - 1)}`)).statusCode).toBe(200);
    await expectBadRequest(await v1('GET', '/reservations?from=2030-02-01&to=2030-01-01'), 'to', text.api.rangeReversed);
    await expectBadRequest(await v1('GET', '/reservations?to=2030-01-01'), 'from', validation.dateRequired);
    await expectBadRequest(await v1('GET', `/reservations?from=2030-01-01&to=2030-01-02&cursor=${Buffer.from('{"key":1}').toString('base64url')}`), 'cursor', text.api.cursorInvalid);
  });
});

describe('a reservation through /api/v1: created as staff would, seated, completed, its bill recorded', () => {
  it('runs the whole visit and reads it back', async () => {
    const created = await v1('POST', '/reservations', { customerName: 'Marta Gil', customerPhone: '611 222 333', numberOfPeople: 4, reservationDate: soon, reservationTime: '14:00', override: true });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json() as ApiReservation;
    expect(booking).toMatchObject({ customerName: 'Marta Gil', numberOfPeople: 4, status: 'confirmed', arrivalStatus: 'pending', source: 'admin' });

    const tables = await v1('PUT', `/reservations/${booking.id}/tables`, { tableIds: [] });
    expect(tables.statusCode, tables.body).toBe(200);
    const arrived = await v1('POST', `/reservations/${booking.id}/arrival`, { arrivalStatus: 'arrived' });
    expect([arrived.statusCode, arrived.json().arrivalStatus]).toEqual([200, 'arrived']);
    const completed = await v1('POST', `/reservations/${booking.id}/status`, { status: 'completed' });
    expect([completed.statusCode, completed.json().status], completed.body).toEqual([200, 'completed']);
    const billed = await v1('PUT', `/reservations/${booking.id}/bill`, { billCents: 8450 });
    expect([billed.statusCode, billed.json().billCents]).toEqual([200, 8450]);

    const read = await v1('GET', `/reservations/${booking.id}`);
    expect(read.json()).toMatchObject({ id: booking.id, status: 'completed', arrivalStatus: 'arrived', billCents: 8450 });
  });

  it('answers bad input 400 in Spanish and an unknown booking 404', async () => {
    await expectBadRequest(await v1('POST', '/reservations', { customerName: 'M', customerPhone: '611 222 333', numberOfPeople: 2, reservationDate: soon, reservationTime: '14:00' }), 'customerName', validation.nameMin);
    const [booking] = await insertReservations(db(), [{ reservationDate: soon, status: 'confirmed' }]);
    await expectBadRequest(await v1('POST', `/reservations/${booking!.id}/status`, { status: 'cancelled' }), 'reason', staffMessages.admin.cancelReason.requiredDescription);
    expect((await v1('POST', `/reservations/${booking!.id}/arrival`, { arrivalStatus: 'sentado' })).statusCode).toBe(400);
    expect((await v1('PUT', `/reservations/${booking!.id}/bill`, { billCents: -1 })).statusCode).toBe(400);
    expect((await v1('GET', '/reservations/no-es-un-id')).statusCode).toBe(400);
    const missing = await v1('GET', '/reservations/00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, missing.json().error.message]).toEqual([404, staffMessages.admin.errors.reservationNotFound]);
  });
});

describe('the other reads and writes', () => {
  it('GET /availability answers the times a party could book', async () => {
    const response = await v1('GET', `/availability?date=${soon}&people=2`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ date: soon, people: 2, bookable: expect.any(Boolean), times: expect.any(Array) });
    await expectBadRequest(await v1('GET', `/availability?date=${soon}&people=0`), 'people', validation.peopleMin);
  });

  it('GET /tables lists the floor', async () => {
    const response = await v1('GET', '/tables');
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });

  it('GET /guests pages the guest records', async () => {
    const response = await v1('GET', '/guests?q=Marta');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ page: 1, items: expect.arrayContaining([expect.objectContaining({ name: 'Marta Gil' })]) });
    expect((await v1('GET', '/guests?page=0')).statusCode).toBe(400);
  });

  it('GET and POST /waitlist read and add to a date\'s list', async () => {
    const added = await v1('POST', '/waitlist', { customerName: 'Pablo Ruiz', customerPhone: '622 333 444', numberOfPeople: 3, reservationDate: soon, timeFrom: '14:00' });
    expect(added.statusCode, added.body).toBe(201);
    const list = await v1('GET', `/waitlist?date=${soon}`);
    expect(list.json().map((entry: { customerName: string }) => entry.customerName)).toContain('Pablo Ruiz');
    await expectBadRequest(await v1('POST', '/waitlist', { customerName: 'Pablo Ruiz', customerPhone: '622 333 444', numberOfPeople: 3, reservationDate: soon }), 'timeFrom', waitlistMessages.timeRequired);
    await expectBadRequest(await v1('GET', '/waitlist'), 'date', validation.dateRequired);
  });
});
