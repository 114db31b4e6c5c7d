import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import type { HistoryPage } from '@shared/schemas/reservation-history.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { insertReservation } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 22: staff find a booking by any digits of the phone, however the guest or staff typed either side; 'Buscar'
// on Reservas looks through today's and the coming days' bookings. Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db, owner: cookie } = useApiSuite({ clock });

beforeAll(async () => {
  const rows = [
    { customerName: 'Lucía Prefijo', customerPhone: '+34 633 444 555' },
    { customerName: 'Lucía Seguido', customerPhone: '633444555' },
    { customerName: 'Lucía Guiones', customerPhone: '633-44-45-55' },
    { customerName: 'Otra Persona', customerPhone: '699 111 222' },
  ];
  for (const row of rows) await insertReservation(db(), { ...row, reservationDate: '2026-11-20', status: 'completed' });
  await insertReservation(db(), { customerName: 'Hoy Mismo', customerPhone: '+34 611 222 333', reservationDate: '2026-11-24', reservationTime: '21:00' });
  await insertReservation(db(), { customerName: 'Pasado Mañana', customerPhone: '611222333', reservationDate: '2026-11-26', reservationTime: '14:00' });
  await insertReservation(db(), { customerName: 'Ayer Fue', customerPhone: '611 222 333', reservationDate: '2026-11-23' });
});

const names = async (q: string) => {
  const response = await app().request({ method: 'GET', url: `/api/admin/reservations/history?q=${encodeURIComponent(q)}`, cookie: cookie() });
  expect(response.statusCode).toBe(200);
  return (response.json() as HistoryPage).items.map((item) => item.customerName).sort();
};

describe("Historial's search by phone", () => {
  it('finds a number written with or without spaces, dashes or +34, from any of those spellings', async () => {
    const same = ['Lucía Guiones', 'Lucía Prefijo', 'Lucía Seguido'];
    for (const q of ['633444555', '633 444 555', '+34 633 444 555', '+34633444555', '0034633444555', '633-444-555']) expect(await names(q), q).toEqual(same);
    expect(await names('4445')).toEqual(same);
    expect(await names('111 222')).toEqual(['Otra Persona']);
  });

  it('still searches names and emails as typed, and two digits find nothing by phone', async () => {
    expect(await names('Guiones')).toEqual(['Lucía Guiones']);
    // '34' in its digits would match all three numbers; two digits are only searched as typed.
    expect(await names('3 4')).toEqual(['Lucía Prefijo']);
  });
});

describe("'Buscar' on Reservas", () => {
  const search = async (q: string, as = cookie()) =>
    app().request({ method: 'GET', url: `/api/admin/reservations/search?q=${encodeURIComponent(q)}`, cookie: as });

  it("finds today's and the coming days' bookings, soonest first, never past ones", async () => {
    const found = (await search('611222333')).json() as AdminReservation[];
    expect(found.map((row) => row.customerName)).toEqual(['Hoy Mismo', 'Pasado Mañana']);
    expect(((await search('pasado')).json() as AdminReservation[]).map((row) => row.reservationDate)).toEqual(['2026-11-26']);
    expect((await search('')).json()).toEqual([]);
  });

  it('is open to the floor staff, refuses a search too long, and asks for a session', async () => {
    const waiter = await app().signIn({ roles: ['floor'] });
    expect((await search('611', waiter)).statusCode).toBe(200);
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
    expect((await app().request({ method: 'GET', url: '/api/admin/reservations/search?q=611' })).statusCode).toBe(401);
  });
});
