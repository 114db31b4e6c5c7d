import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { statisticsMessages } from '@shared/staff-messages/statistics.ts';
import type { HistoryPage } from '@shared/schemas/reservation-history.ts';
import type { Statistics } from '@shared/schemas/statistics.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { insertReservation } from '../support/factories.ts';

// Wednesday 28 October 2026, 12:00 in Madrid: three days after the clocks went back (25 Oct, 03:00 CEST → 02:00 CET).
const NOW = '2026-10-28T11:00:00Z';
const text = statisticsMessages;

const { app, db } = useApiSuite({ at: NOW });
let cookie: string;

beforeEach(async () => {
  await db().delete(reservations);
  cookie = await app().signIn();
});

type NewRow = typeof reservations.$inferInsert;

/** A reservation with an explicit creation instant; every other field as the test says. */
const insert = (row: Partial<NewRow> & Pick<NewRow, 'reservationDate' | 'reservationTime' | 'createdAt'>) =>
  insertReservation(db(), row);

const get = (url: string, withSession = true) => app().request({ method: 'GET', url, ...(withSession ? { cookie } : {}) });

async function statistics(from: string, to: string): Promise<Statistics> {
  const response = await get(`/api/admin/statistics?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/admin/statistics', () => {
  /** Nine reservations from 23 to 30 October, plus one either side of the range. */
  async function seedWeek(): Promise<void> {
    const at = (instant: string) => new Date(instant);
    // A: same day, 3 h ahead. B: the day before, manual. C: the day before, across the DST change (25 h), no-show.
    await insert({ reservationDate: '2026-10-23', reservationTime: '13:00', numberOfPeople: 4, status: 'confirmed', arrivalStatus: 'arrived', createdAt: at('2026-10-23T08:00:00Z') });
    await insert({ reservationDate: '2026-10-23', reservationTime: '13:15', numberOfPeople: 2, status: 'completed', arrivalStatus: 'arrived', source: 'admin', createdAt: at('2026-10-22T11:00:00Z') });
    await insert({ reservationDate: '2026-10-25', reservationTime: '14:00', numberOfPeople: 3, status: 'confirmed', arrivalStatus: 'no_show', createdAt: at('2026-10-24T12:00:00Z') });
    // D: cancelled by the guest, 5 days ahead. E: cancelled by staff, 17 days ahead. H: cancelled before cancelled_by existed.
    await insert({ reservationDate: '2026-10-25', reservationTime: '20:30', numberOfPeople: 5, status: 'cancelled', cancelledBy: 'guest', createdAt: at('2026-10-20T10:00:00Z') });
    await insert({ reservationDate: '2026-10-27', reservationTime: '13:30', numberOfPeople: 6, status: 'cancelled', cancelledBy: 'staff', createdAt: at('2026-10-10T10:00:00Z') });
    await insert({ reservationDate: '2026-10-29', reservationTime: '13:00', numberOfPeople: 2, status: 'cancelled', createdAt: at('2026-10-27T10:00:00Z') });
    // F: manual, 12 days ahead, arrival still open. G: after today, pending. I: same day, after the DST change.
    await insert({ reservationDate: '2026-10-27', reservationTime: '13:45', numberOfPeople: 2, status: 'confirmed', source: 'admin', createdAt: at('2026-10-15T10:00:00Z') });
    await insert({ reservationDate: '2026-10-30', reservationTime: '21:00', numberOfPeople: 2, status: 'pending', createdAt: at('2026-10-28T10:00:00Z') });
    await insert({ reservationDate: '2026-10-25', reservationTime: '14:10', numberOfPeople: 4, status: 'completed', arrivalStatus: 'arrived', createdAt: at('2026-10-25T09:00:00Z') });
    // Outside the range.
    await insert({ reservationDate: '2026-10-22', reservationTime: '13:00', numberOfPeople: 8, status: 'confirmed', arrivalStatus: 'no_show', createdAt: at('2026-10-01T10:00:00Z') });
    await insert({ reservationDate: '2026-10-31', reservationTime: '13:00', numberOfPeople: 8, status: 'cancelled', source: 'admin', createdAt: at('2026-10-01T10:00:00Z') });
  }

  it('counts covers and reservations on every day of the range, zero days included, leaving out cancellations and no-shows', async () => {
    await seedWeek();
    const figures = await statistics('2026-10-23', '2026-10-30');
    expect(figures.days).toEqual([
      { date: '2026-10-23', reservations: 2, covers: 6 },
      { date: '2026-10-24', reservations: 0, covers: 0 },
      { date: '2026-10-25', reservations: 1, covers: 4 },
      { date: '2026-10-26', reservations: 0, covers: 0 },
      { date: '2026-10-27', reservations: 1, covers: 2 },
      { date: '2026-10-28', reservations: 0, covers: 0 },
      { date: '2026-10-29', reservations: 0, covers: 0 },
      { date: '2026-10-30', reservations: 1, covers: 2 },
    ]);
    expect(figures.totals).toEqual({ reservations: 9, covers: 14 });
    expect(figures).toMatchObject({ from: '2026-10-23', to: '2026-10-30' });
  });

  it('groups covers by half-hour slot of the reservation time', async () => {
    await seedWeek();
    expect((await statistics('2026-10-23', '2026-10-30')).slots).toEqual([
      { time: '13:00', reservations: 2, covers: 6 },
      { time: '13:30', reservations: 1, covers: 2 },
      { time: '14:00', reservations: 1, covers: 4 },
      { time: '21:00', reservations: 1, covers: 2 },
    ]);
  });

  it('computes the no-show rate over the reservations that reached their day, and the cancellations by who cancelled', async () => {
    await seedWeek();
    const figures = await statistics('2026-10-23', '2026-10-30');
    // Reached: A, B, C, F, I (G is on the 30th, after today; cancelled ones never reach the table).
    expect(figures.noShows).toEqual({ count: 1, reached: 5, rate: 0.2 });
    expect(figures.cancellations).toEqual({ count: 3, rate: 0.3333, byGuest: 1, byStaff: 1, unspecified: 1 });
    expect(figures.sources).toEqual([
      { source: 'public', count: 7 },
      { source: 'google', count: 0 },
      { source: 'admin', count: 2 },
      { source: 'walk_in', count: 0 },
    ]);
  });

  it('buckets the lead time by Madrid calendar days and gives its median in hours', async () => {
    await seedWeek();
    const figures = await statistics('2026-10-23', '2026-10-30');
    expect(figures.leadTime.buckets).toEqual([
      { bucket: 'sameDay', count: 2 },
      { bucket: 'day1', count: 2 },
      { bucket: 'days2to3', count: 2 },
      { bucket: 'days4to7', count: 1 },
      { bucket: 'days8to14', count: 1 },
      { bucket: 'days15plus', count: 1 },
    ]);
    // 3, 4.2, 24.25, 25, 50, 58, 129.5, 290.75, 410.5 hours.
    expect(figures.leadTime.medianHours).toBe(50);
  });

  it('measures the lead time in real hours across the autumn DST change', async () => {
    await seedWeek();
    // 25 October alone: I (4 h 10 min), C (24 Oct 14:00 CEST → 25 Oct 14:00 CET: 25 real hours), D (129.5 h).
    const figures = await statistics('2026-10-25', '2026-10-25');
    expect(figures.leadTime.medianHours).toBe(25);
    expect(figures.leadTime.buckets.filter(({ count }) => count > 0)).toEqual([
      { bucket: 'sameDay', count: 1 },
      { bucket: 'day1', count: 1 },
      { bucket: 'days4to7', count: 1 },
    ]);
  });

  it('answers zeros and null rates for an empty range', async () => {
    const figures = await statistics('2026-02-27', '2026-03-01');
    expect(figures.days.map(({ date }) => date)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(figures.slots).toEqual([]);
    expect(figures.noShows).toEqual({ count: 0, reached: 0, rate: null });
    expect(figures.cancellations.rate).toBeNull();
    expect(figures.leadTime.medianHours).toBeNull();
  });

  it('refuses bad ranges with a Spanish 400', async () => {
    const refused = async (query: string, message: string) => {
      const response = await get(`/api/admin/statistics?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBe(message);
    };
    const v = text.validation;
    await refused('to=2026-10-30', v.fromRequired);
    await refused('from=2026-10-30', v.toRequired);
    await refused('from=2026-02-30&to=2026-03-10', v.dateFormat);
    await refused('from=30/10/2026&to=2026-10-31', v.dateFormat);
    await refused('from=2026-10-31&to=2026-10-30', v.fromAfterTo);
    await refused('from=2026-01-01&to=2027-01-02', formatMessage(v.tooLong, { max: 366 }));
    expect((await get('/api/admin/statistics?from=2026-01-01&to=2027-01-01')).statusCode).toBe(200);
  });

  it('is for staff only', async () => {
    const response = await get('/api/admin/statistics?from=2026-10-01&to=2026-10-31', false);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(messages.http.unauthorized);
  });
});

/** RFC 4180 with ';': quoted cells may hold the separator, doubled quotes and line breaks. */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

const HEADER = 'Fecha;Hora;Nombre;Teléfono;Email;Personas;Estado;Llegada;Origen;Notas del administrador;Motivo de cancelación;Cancelada por;Creada';

describe('GET /api/admin/reservations/export.csv', () => {
  const exportCsv = (query = '') => get(`/api/admin/reservations/export.csv${query ? `?${query}` : ''}`);
  const word = () => Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

  it('is UTF-8 with a BOM, separated by semicolons, with a Spanish header and an attachment name', async () => {
    await insert({
      customerName: 'José Núñez',
      customerEmail: 'jose@example.com',
      reservationDate: '2026-10-23',
      reservationTime: '13:00',
      numberOfPeople: 4,
      status: 'cancelled',
      cancelledBy: 'guest',
      cancellationReason: 'Cambio de planes',
      createdAt: new Date('2026-10-20T10:05:00Z'),
    });
    const response = await exportCsv('from=2026-10-01&to=2026-10-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="reservas-2026-10-01-2026-10-31.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body).toBe(
      `\uFEFF${HEADER}\r\n` +
        '2026-10-23;13:00;José Núñez;600 111 222;jose@example.com;4;Cancelada;Esperando;Formulario web;;Cambio de planes;Por el cliente;2026-10-20 12:05\r\n',
    );
    expect((await exportCsv()).headers['content-disposition']).toBe('attachment; filename="reservas.csv"');
    expect((await exportCsv('from=2026-10-01')).headers['content-disposition']).toBe('attachment; filename="reservas.csv"');
  });

  it("quotes ';', '\"' and line breaks, and defuses cells that a spreadsheet would run as formulas", async () => {
    const notes = 'Alergia: "nueces"; mesa\r\njunto a la ventana';
    await insert({
      customerName: '=HYPERLINK("http://x";"y")',
      customerPhone: '+34 600 111 222',
      customerEmail: '@evil.example',
      adminNotes: notes,
      cancellationReason: '-1+1',
      reservationDate: '2026-10-23',
      reservationTime: '13:00',
      createdAt: new Date('2026-10-20T10:00:00Z'),
    });
    const body = (await exportCsv()).body;
    const line = body.split('\r\n')[1]!;
    expect(line.startsWith(`2026-10-23;13:00;"'=HYPERLINK(""http://x"";""y"")";'+34 600 111 222;'@evil.example;2;`)).toBe(true);
    const [header, row, ...rest] = parseCsv(body.slice(1));
    expect(header!.join(';')).toBe(HEADER);
    expect(rest).toEqual([]);
    expect(row).toEqual([
      '2026-10-23',
      '13:00',
      `'=HYPERLINK("http://x";"y")`,
      "'+34 600 111 222",
      "'@evil.example",
      '2',
      'Pendiente',
      'Esperando',
      'Formulario web',
      notes,
      "'-1+1",
      '',
      '2026-10-20 12:00',
    ]);
  });

  it('holds the same rows, in the same order, as the history with the same filters', async () => {
    const mark = word();
    const dates = ['2026-09-30', '2026-10-01', '2026-10-05', '2026-10-09', '2026-10-10', '2026-10-12'];
    for (const [index, date] of dates.entries()) {
      for (const status of ['confirmed', 'cancelled'] as const) {
        await insert({
          customerName: `Cliente ${mark} ${String.fromCharCode(97 + ((index * 7) % 26))}`,
          reservationDate: date,
          reservationTime: `1${index}:30`,
          status,
          createdAt: new Date(`2026-09-${10 + index}T10:00:00Z`),
        });
      }
    }
    await insert({ customerName: 'Otra Persona', reservationDate: '2026-10-05', reservationTime: '13:00', status: 'confirmed', createdAt: new Date(NOW) });

    const filters = `q=${mark}&from=2026-10-01&to=2026-10-10&status=confirmed&sort=customer_name&direction=asc`;
    const history: HistoryPage = (await get(`/api/admin/reservations/history?${filters}`)).json();
    const rows = parseCsv((await exportCsv(filters)).body.slice(1)).slice(1);
    expect(history.total).toBe(4);
    expect(rows.map(([date, time, name]) => [date, time, name])).toEqual(
      history.items.map((item) => [item.reservationDate, item.reservationTime, item.customerName]),
    );
    expect(new Set(rows.map((row) => row[6]))).toEqual(new Set(['Confirmada']));
  });

  it('pages through a large export in batches without repeating or skipping a row, even within one millisecond', async () => {
    const count = 2_600;
    // Every row on the same day and time, created a microsecond apart: only the keyset's full precision keeps them apart.
    await db().execute(sql`
      insert into reservations (customer_name, customer_phone, number_of_people, reservation_date, reservation_time, created_at)
      select 'Lote ' || lpad(g::text, 5, '0'), '600 111 222', 2, date '2026-10-15', time '13:00',
             timestamptz '2026-10-01 10:00:00.000000+00' + g * interval '1 microsecond'
      from generate_series(1, ${count}) as g`);
    for (const direction of ['desc', 'asc'] as const) {
      const names = parseCsv((await exportCsv(`sort=created_at&direction=${direction}`)).body.slice(1))
        .slice(1)
        .map((row) => row[2]);
      const expected = Array.from({ length: count }, (_, i) => `Lote ${String(i + 1).padStart(5, '0')}`);
      expect(names).toEqual(direction === 'asc' ? expected : expected.reverse());
    }
    const byDate = parseCsv((await exportCsv('sort=reservation_date')).body.slice(1)).slice(1);
    expect(new Set(byDate.map((row) => row[2])).size).toBe(count);
  });

  it('refuses bad filters with a Spanish 400 and anonymous callers with a 401', async () => {
    const bad = await exportCsv('from=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(messages.reservation.validation.dateFormat);
    const anonymous = await get('/api/admin/reservations/export.csv', false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(HEADER);
  });
});
