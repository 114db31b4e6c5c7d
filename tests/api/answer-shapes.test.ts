import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { madridToday } from '@shared/rules/madrid-time.ts';
import { sessionResponseSchema } from '@shared/schemas/auth.ts';
import { pushSubscriptionStatusSchema } from '@shared/schemas/push.ts';
import { adminReservationSchema } from '@shared/schemas/staff-reservation.ts';
import { reservationChangeSchema } from '@shared/schemas/reservation-history.ts';
import { todayClosuresSchema, todayPauseSchema } from '@shared/schemas/closures.ts';
import { reservationTablesSchema, seatingDaySchema, seatTablesResultSchema, tableSchema } from '@shared/schemas/table.ts';
import { insertGuest, insertReservation, insertTable } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Decision 023: the Reservas tab reads these answers typed, without parsing them. The contract is kept here instead:
// every answer it reads matches the shared schema of its type, with the optional parts (a guest, tables, an undo
// ticket, a pause) present.
const suite = useApiSuite();
const today = madridToday(new Date());
let reservationId = '';
let tableId = '';

beforeAll(async () => {
  const guest = await insertGuest(suite.db(), { tags: ['VIP'], allergens: ['gluten'], note: 'Mesa tranquila' });
  const table = await insertTable(suite.db(), { tableNumber: 91 });
  tableId = table.id;
  const booking = await insertReservation(suite.db(), { reservationDate: today, reservationTime: '21:00', guestId: guest.id, status: 'pending' });
  reservationId = booking.id;
  await insertReservation(suite.db(), { reservationDate: today, reservationTime: '21:30', status: 'confirmed', adminNotes: '[Cliente] Ventana' });
  expect((await suite.api('PUT', '/pause/today', { startTime: '23:00', endTime: '23:30' })).statusCode).toBe(200);
});

const read = async (url: string) => {
  const response = await suite.api('GET', url);
  expect(response.statusCode, url).toBe(200);
  return response.json() as unknown;
};
const list = z.array(adminReservationSchema);

describe('the answers the Reservas tab reads typed', () => {
  it('match their shared schemas: lists, closures, pause, count, tables and seating', async () => {
    const day = list.parse(await read('/reservations/today'));
    expect(day.find((reservation) => reservation.id === reservationId)?.guest?.allergens).toEqual(['gluten']);
    list.parse(await read('/reservations/pending'));
    list.parse(await read('/reservations/upcoming'));
    list.parse(await read('/reservations/search?q=example'));
    todayClosuresSchema.parse(await read('/closures/today'));
    expect(todayPauseSchema.parse(await read('/pause/today')).pause).not.toBeNull();
    z.object({ count: z.number() }).strict().parse(await read('/reservations/pending/count'));
    z.array(tableSchema).parse(await read('/tables'));
    seatingDaySchema.parse(await read(`/seating?date=${today}`));
    reservationTablesSchema.parse(await read(`/reservation-tables?date=${today}`));
    pushSubscriptionStatusSchema.parse(await read('/push/subscription?endpoint=https%3A%2F%2Fpush.example.com%2Fx'));
    const session = await suite.app().request({ method: 'GET', url: '/api/auth/session', cookie: suite.owner() });
    expect(sessionResponseSchema.parse(session.json()).user).not.toBeNull();
  });

  it('match their shared schemas: a status change with its undo ticket, an arrival, the undo, seating and the change log', async () => {
    const confirmed = adminReservationSchema.parse((await suite.api('PATCH', `/reservations/${reservationId}/status`, { status: 'confirmed', from: 'pending' })).json());
    expect(confirmed.undo?.group).toEqual(expect.any(String));
    const arrived = adminReservationSchema.parse((await suite.api('PATCH', `/reservations/${reservationId}/arrival`, { arrivalStatus: 'arrived', revision: confirmed.revision })).json());
    const undone = await suite.api('POST', '/reservations/undo', { group: arrived.undo!.group });
    expect(undone.statusCode, undone.body).toBe(200);
    adminReservationSchema.parse(undone.json());
    seatTablesResultSchema.parse((await suite.api('PUT', `/reservations/${reservationId}/tables`, { tableIds: [tableId] })).json());
    expect(z.array(reservationChangeSchema).parse(await read(`/reservations/${reservationId}/changes`)).length).toBeGreaterThan(1);
  });
});
