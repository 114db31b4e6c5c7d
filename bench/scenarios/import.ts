// Issue 49: a restaurant switching to Mesa brings its guest book (20,000 guests) and its bookings to come (5,000);
// each file uploaded, dry-run and imported through the real routes and job, timed from the upload to 'done'.
import { addDays, dayOfWeek, madridToday } from '../../src/shared/rules/madrid-time.ts';
import type { ImportFile, ImportRun } from '../../src/shared/schemas/import.ts';
import { type AdminAccount, signIn } from '../lib/admin-session.ts';
import { below, measure, skipped, type Measurement } from '../lib/results.ts';
import type { BenchServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import type { BenchTarget } from '../lib/target.ts';

const SCENARIO = 'import (issue 49)';
const GUESTS = 20_000;
const BOOKINGS = 5_000;
const TIMES = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'];

function guestBook(): string {
  const lines = ['Nombre;Apellidos;Móvil;Email;Etiquetas;Alergias;Notas'];
  for (let i = 0; i < GUESTS; i++) {
    lines.push(`Cliente;Agenda ${i};6${String(10_000_000 + i)};agenda-${i}@example.com;${i % 10 === 0 ? 'VIP' : ''};${i % 7 === 0 ? 'Celíaco' : ''};${i % 5 === 0 ? 'Mesa tranquila' : ''}`);
  }
  return lines.join('\r\n');
}

/** Bookings over the coming open days (Tuesday to Sunday), ten half hours a day; a third are guests of the book. */
function bookingsToCome(): string {
  const lines = ['Fecha;Hora;Pax;Nombre;Teléfono;Email;Observaciones'];
  let date = addDays(madridToday(new Date()), 1);
  for (let i = 0; i < BOOKINGS; i++) {
    if (i % 50 === 0) {
      date = addDays(date, 1);
      while (dayOfWeek(date) === 1) date = addDays(date, 1);
    }
    const [year, month, day] = date.split('-');
    const guest = i % 3 === 0 ? `6${10_000_000 + i};agenda-${i}@example.com` : `7${10_000_000 + i};reserva-${i}@example.com`;
    lines.push(`${day}/${month}/${year};${TIMES[i % TIMES.length]};${2 + (i % 5)} pax;Reserva ${i};${guest};${i % 4 === 0 ? 'Terraza' : ''}`);
  }
  return lines.join('\r\n');
}

async function admin<T>(server: BenchServer, cookie: string, method: string, path: string, body?: BodyInit, type = 'application/json'): Promise<T> {
  const response = await fetch(`${server.url}/api/admin${path}`, {
    method,
    headers: { cookie, origin: server.url, ...(body === undefined ? {} : { 'content-type': type }) },
    body,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Upload, dry run, import, wait: seconds from the upload to the job's end, and the dry run's share. */
async function importFile(server: BenchServer, cookie: string, csv: string, kind: 'guests' | 'reservations'): Promise<{ total: number; dryRun: number; run: ImportRun }> {
  const started = performance.now();
  const file = await admin<ImportFile>(server, cookie, 'POST', `/imports/files?name=${kind}.csv`, csv, 'application/octet-stream');
  const dryRunStarted = performance.now();
  await admin(server, cookie, 'POST', `/imports/${file.id}/dry-run`, JSON.stringify({ kind, mapping: file.mapping, lawfulBasis: 'contract' }));
  const dryRun = (performance.now() - dryRunStarted) / 1000;
  await admin(server, cookie, 'POST', `/imports/${file.id}/start`);
  for (;;) {
    const run = await admin<ImportRun>(server, cookie, 'GET', `/imports/${file.id}`);
    if (run.status === 'done') return { total: (performance.now() - started) / 1000, dryRun, run };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function benchImport(server: BenchServer, account: AdminAccount, target: BenchTarget): Promise<Measurement[]> {
  if (!target.databaseUrl) return [skipped(SCENARIO, 'PostgreSQL only: run with DATABASE_URL (the goal is set on PostgreSQL)')];
  const cookie = await signIn(server.url, account);
  const guests = await importFile(server, cookie, guestBook(), 'guests');
  const bookings = await importFile(server, cookie, bookingsToCome(), 'reservations');
  const { create, merge } = bookings.run.counts;
  return [
    measure(SCENARIO, `${GUESTS} guests: upload, dry run, import`, round(guests.total), 's', undefined, `dry run ${round(guests.dryRun)} s; ${guests.run.counts.create} created`),
    measure(SCENARIO, `${BOOKINGS} bookings: upload, dry run, import`, round(bookings.total), 's', undefined, `dry run ${round(bookings.dryRun)} s; ${create} created, ${merge} with a guest of the book`),
    measure(SCENARIO, `${BOOKINGS} bookings + ${GUESTS} guests, together`, round(guests.total + bookings.total), 's', below(60)),
  ];
}
