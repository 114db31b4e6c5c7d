import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';
import type { ImportFile, ImportReport, ImportRun } from '@shared/schemas/import.ts';
import { importMessages as text } from '@shared/staff-messages/imports.ts';
import { emailOutbox, guests, importGuestMerges, imports, reservations, reservationTables, sensitiveChanges } from '../../src/server/db/schema.ts';
import { configure, insertGuest, insertReservation, insertTable, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 49: a file of another system's bookings or guests, read, checked in a dry run, imported by the job, undone.
const { app, db, owner } = useApiSuite();

/** The first Tuesday (open 13:00-18:00 by default) at least `weeks` weeks ahead, day-first as Spanish exports write it. */
function tuesday(weeks: number): { iso: string; spanish: string } {
  let date = addDays(madridToday(new Date()), weeks * 7);
  while (dayOfWeek(date) !== 2) date = addDays(date, 1);
  const [year, month, day] = date.split('-');
  return { iso: date, spanish: `${day}/${month}/${year}` };
}

/** Windows-1252 bytes, as a Spanish Excel saves 'CSV (delimitado por comas)'. */
const windows1252 = (text: string) => Buffer.from(text, 'latin1');

async function upload(bytes: Buffer, name = 'reservas.csv', encoding?: string): Promise<ImportFile> {
  const query = new URLSearchParams({ name, ...(encoding ? { encoding } : {}) });
  const response = await app().request({
    method: 'POST',
    url: `/api/admin/imports/files?${query}`,
    cookie: owner(),
    headers: { 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function dryRun(file: ImportFile, kind: 'guests' | 'reservations', extra: object = {}): Promise<ImportReport> {
  const response = await app().request({
    method: 'POST',
    url: `/api/admin/imports/${file.id}/dry-run`,
    cookie: owner(),
    payload: { kind, mapping: file.mapping, lawfulBasis: 'contract', ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function importAll(id: string): Promise<ImportRun> {
  const started = await app().request({ method: 'POST', url: `/api/admin/imports/${id}/start`, cookie: owner() });
  expect(started.statusCode, started.body).toBe(202);
  return waitFor<ImportRun | undefined>(async () => {
    const run = (await app().request({ method: 'GET', url: `/api/admin/imports/${id}`, cookie: owner() })).json() as ImportRun;
    return run.status === 'done' ? run : undefined;
  });
}


describe('a CoverManager-like export of bookings to come', () => {
  const day = tuesday(3);
  const later = tuesday(4);
  const regularEmail = uniqueEmail('habitual');
  let file: ImportFile;
  let report: ImportReport;

  beforeAll(async () => {
    const regular = await insertGuest(db(), { email: regularEmail, phone: '600111222', tags: ['VIP'] });
    await insertReservation(db(), { guestId: regular.id, customerEmail: regularEmail, reservationDate: later.iso, reservationTime: '15:00', status: 'confirmed' });
    const csv = [
      'Fecha;Hora;Pax;Nombre;Apellidos;Teléfono;Email;Observaciones;Alergias;Estado',
      `${day.spanish};21:30h;4 pax;José;Núñez;612 345 678;;"Mesa junto a la ventana; cumpleaños";Celíaco;Confirmada`,
      `${day.spanish};14:00;2;Ana;García;+34 699 000 111;ana.garcia@example.com;;;Pendiente`,
      `${later.spanish};14:00;3;Marta;Habitual;600 111 222;${regularEmail};;sin lactosa;`,
      `${later.spanish};14:00;3;Marta;Habitual;600 111 222;${regularEmail};;;`,
      `${day.spanish};15:00;2;Luis;Pérez;abc;;;;`,
      `01/01/2020;14:00;2;Eva;Antigua;611 222 333;;;;`,
      `${day.spanish};14:15;2;Raúl;Cuarto;622 333 444;;;;`,
      `${day.spanish};15:30;6;Sara;Cancelada;633 444 555;;;;Cancelada`,
      `${day.spanish};15:30;6;Pablo;Grupo;644 555 666;;;;`,
      `${day.spanish};15:30;6;Pablo;Grupo;644 555 666;;;;`,
    ].join('\r\n');
    file = await upload(windows1252(csv));
    report = await dryRun(file, 'reservations');
  });

  it('reads Windows-1252 with semicolons and guesses the Spanish headers', () => {
    expect(file).toMatchObject({ format: 'csv', encoding: 'windows-1252', garbled: false, rowCount: 10 });
    expect(file.headers).toEqual(['Fecha', 'Hora', 'Pax', 'Nombre', 'Apellidos', 'Teléfono', 'Email', 'Observaciones', 'Alergias', 'Estado']);
    expect(file.mapping).toEqual(['date', 'time', 'people', 'name', 'lastName', 'phone', 'email', 'notes', 'allergens', 'status']);
    expect(file.preview[0]).toContain('Mesa junto a la ventana; cumpleaños');
  });

  it('reports each row before writing anything', async () => {
    expect(report.counts).toEqual({ create: 3, merge: 1, duplicate: 2, refused: 4 });
    expect(report.importable).toBe(4);
    const byRow = new Map(report.rows.map((row) => [row.row, row]));
    expect(byRow.get(4)).toMatchObject({ outcome: 'merge', reason: formatMessage(text.reasons.mergedWith, { guest: regularEmail }) });
    expect(byRow.get(5)).toMatchObject({ outcome: 'duplicate', reason: formatMessage(text.reasons.sameRowAbove, { row: 4 }) });
    expect(byRow.get(6)?.outcome).toBe('refused');
    expect(byRow.get(6)?.reason).toMatch(/^Teléfono no válido/);
    expect(byRow.get(7)).toMatchObject({ outcome: 'refused', reason: text.reasons.datePast });
    expect(byRow.get(8)).toMatchObject({ outcome: 'refused', reason: text.reasons.timeNotSlot });
    expect(byRow.get(9)).toMatchObject({ outcome: 'refused', reason: text.reasons.cancelledStatus });
    expect(byRow.get(11)).toMatchObject({ outcome: 'duplicate' });
    // 21:30 is past the default hours (13:00-18:00): imported, marked.
    expect(byRow.get(2)).toMatchObject({ outcome: 'create', marks: ['outside_hours'], name: 'José Núñez', date: day.iso, time: '21:30' });
    const written = await db().select().from(reservations).where(isNotNull(reservations.importId));
    expect(written).toHaveLength(0);
  });

  it('gives the whole report as CSV, every row', async () => {
    const response = await app().request({ method: 'GET', url: `/api/admin/imports/${file.id}/report.csv`, cookie: owner() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines[2]).toBe(`3;${text.outcomes.create};;Ana García;${day.spanish};14:00;`);
    expect(lines.find((line) => line.startsWith('7;'))).toContain(text.reasons.datePast);
  });

  it('imports as staff place bookings, sends guests nothing, and undoes it all', async () => {
    const run = await importAll(file.id);
    expect(run.counts).toEqual({ create: 3, merge: 1, duplicate: 2, refused: 4 });
    expect(run.processedRows).toBe(10);
    expect(run.listed).toEqual([expect.objectContaining({ row: 2, outcome: 'create', marks: expect.arrayContaining(['outside_hours']) })]);
    expect(run.undoUntil).not.toBeNull();

    const written = await db().select().from(reservations).where(eq(reservations.importId, file.id));
    expect(written.map((row) => [row.customerName, row.status, row.source]).sort()).toEqual([
      ['Ana García', 'pending', 'admin'],
      ['José Núñez', 'confirmed', 'admin'],
      ['Marta Habitual', 'confirmed', 'admin'],
      ['Pablo Grupo', 'confirmed', 'admin'],
    ]);
    const jose = written.find((row) => row.customerName === 'José Núñez')!;
    expect(jose.adminNotes).toBe('Mesa junto a la ventana; cumpleaños\nAlergias: Celíaco');
    const [joseGuest] = await db().select().from(guests).where(eq(guests.id, jose.guestId!));
    expect(joseGuest).toMatchObject({ allergens: ['gluten'], importId: file.id });
    const [regular] = await db().select().from(guests).where(eq(guests.email, regularEmail));
    expect(regular).toMatchObject({ allergens: ['milk'], tags: ['VIP'], importId: null });
    const guestMail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'ana.garcia@example.com'));
    expect(guestMail).toHaveLength(0);

    const undone = await app().request({ method: 'POST', url: `/api/admin/imports/${file.id}/undo`, cookie: owner() });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as ImportRun).status).toBe('undone');
    expect(await db().select().from(reservations).where(eq(reservations.importId, file.id))).toHaveLength(0);
    expect(await db().select().from(guests).where(eq(guests.id, jose.guestId!))).toHaveLength(0);
    const [restored] = await db().select().from(guests).where(eq(guests.email, regularEmail));
    expect(restored).toMatchObject({ allergens: [], tags: ['VIP'], phone: '600111222' });
    const [row] = await db().select().from(imports).where(eq(imports.id, file.id));
    expect(row).toMatchObject({ rows: null, checkedRows: null, status: 'undone' });
    const again = await app().request({ method: 'POST', url: `/api/admin/imports/${file.id}/undo`, cookie: owner() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(text.errors.undoNotAllowed);
    const security = await db().select().from(sensitiveChanges).where(and(eq(sensitiveChanges.action, 'import_undone')));
    expect(security.map((line) => line.detail)).toContain(formatMessage(text.security.undone, { file: 'reservas.csv' }));
  });
});

describe('the owner ticks the confirmation email', () => {
  it('queues each confirmed booking its guest’s confirmation, and nothing to a pending one', async () => {
    const day = tuesday(6);
    const confirmed = uniqueEmail('avisada');
    const pending = uniqueEmail('pendiente');
    const csv = [
      'Fecha,Hora,Comensales,Nombre,Teléfono,Email,Estado',
      `${day.spanish},14:00,2,Irene Aviso,600 700 800,${confirmed},`,
      `${day.spanish},14:30,2,Olga Espera,600 700 801,${pending},pending`,
    ].join('\n');
    const file = await upload(Buffer.from(csv), 'avisos.csv');
    await dryRun(file, 'reservations', { notifyGuests: true });
    await importAll(file.id);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, confirmed));
    expect(mail.map((email) => email.kind)).toEqual(['reservation_confirmed']);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, pending))).toHaveLength(0);
  });
});

describe('a guest book', () => {
  it('creates and merges guests with their tags, notes and allergens, as linkGuest recognises them', async () => {
    const known = uniqueEmail('conocida');
    await insertGuest(db(), { email: known, note: 'Prefiere terraza' });
    const csv = [
      'Name,Surname,Mobile,E-mail,Tags,Allergies,Notes',
      `Lucía,Martín,+34 655 000 111,${uniqueEmail('lucia')},"VIP, Vegana","Celiac, nuts",Siempre puntual`,
      `Carmen,Ruiz,,${known},,shellfish,`,
      'Sin,Contacto,,,,,',
    ].join('\n');
    const file = await upload(Buffer.from(csv, 'utf8'), 'clientes.csv');
    expect(file.mapping).toEqual(['name', 'lastName', 'phone', 'email', 'tags', 'allergens', 'notes']);
    const report = await dryRun(file, 'guests', { lawfulBasis: 'legitimate_interest' });
    expect(report.counts).toEqual({ create: 1, merge: 1, duplicate: 0, refused: 1 });
    expect(report.rows.find((row) => row.row === 4)).toMatchObject({ outcome: 'refused', reason: text.reasons.contactMissing });
    await importAll(file.id);

    const [lucia] = await db().select().from(guests).where(eq(guests.importId, file.id));
    expect(lucia).toMatchObject({ name: 'Lucía Martín', tags: ['VIP'], allergens: ['gluten', 'nuts'], importedBasis: 'legitimate_interest' });
    expect(lucia!.note).toBe('Siempre puntual\nAlergias: Celiac, nuts\nEtiquetas: Vegana');
    const [carmen] = await db().select().from(guests).where(eq(guests.email, known));
    expect(carmen).toMatchObject({ name: 'Carmen Ruiz', allergens: ['crustaceans'], note: 'Prefiere terraza\nAlergias: shellfish', importedBasis: null });
    const [row] = await db().select().from(imports).where(eq(imports.id, file.id));
    expect(row!.lawfulBasis).toBe('legitimate_interest');
    expect(await db().select().from(importGuestMerges).where(eq(importGuestMerges.importId, file.id))).toHaveLength(1);

    // A day later: no undo, and nothing is kept of the file or of the merged guest's earlier data.
    await db().update(imports).set({ finishedAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(imports.id, file.id));
    const late = await app().request({ method: 'POST', url: `/api/admin/imports/${file.id}/undo`, cookie: owner() });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(text.errors.undoExpired);
    await app().instance.scheduler.tick();
    const [forgotten] = await db().select().from(imports).where(eq(imports.id, file.id));
    expect(forgotten).toMatchObject({ rows: null, checkedRows: null, status: 'done' });
    expect(await db().select().from(importGuestMerges).where(eq(importGuestMerges.importId, file.id))).toHaveLength(0);
  });
});

describe('refusals', () => {
  it('says in Spanish which needed field is not mapped', async () => {
    const file = await upload(Buffer.from('Nombre;Fecha\nAna;01/01/2030\n'), 'x.csv');
    const response = await app().request({
      method: 'POST',
      url: `/api/admin/imports/${file.id}/dry-run`,
      cookie: owner(),
      payload: { kind: 'reservations', mapping: file.mapping, lawfulBasis: 'contract' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(formatMessage(text.validation.fieldsMissing, { fields: 'Teléfono, Hora, Comensales' }));
    const start = await app().request({ method: 'POST', url: `/api/admin/imports/${file.id}/start`, cookie: owner() });
    expect(start.statusCode).toBe(409);
    expect(start.json().error.message).toBe(text.errors.notChecked);
  });

  it('never imports mojibake: a file read in the wrong encoding is refused until read in another', async () => {
    const bytes = windows1252('Nombre;Teléfono\nMaría Muñoz;600 100 200\n');
    const wrong = await upload(bytes, 'agenda.csv', 'utf-8');
    expect(wrong.garbled).toBe(true);
    expect(wrong.preview[0]![0]).toContain('\uFFFD');
    const refused = await app().request({ method: 'POST', url: `/api/admin/imports/${wrong.id}/dry-run`, cookie: owner(), payload: { kind: 'guests', mapping: wrong.mapping, lawfulBasis: 'contract' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(text.errors.garbled);
    const right = await upload(bytes, 'agenda.csv', 'windows-1252');
    expect(right).toMatchObject({ garbled: false, preview: [['María Muñoz', '600 100 200']] });
    expect((await dryRun(right, 'guests')).counts.create).toBe(1);
  });

  it('refuses a file over 20 MB and an empty one with a message, never a 500', async () => {
    const large = await app().request({
      method: 'POST',
      url: '/api/admin/imports/files?name=grande.csv',
      cookie: owner(),
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.alloc(20 * 1024 * 1024 + 1, 'a'),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe(text.errors.tooLarge);
    const empty = await app().request({
      method: 'POST',
      url: '/api/admin/imports/files?name=vacio.csv',
      cookie: owner(),
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.from('Nombre;Teléfono\n'),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(text.errors.empty);
  });

  it('is the owner’s alone', async () => {
    const manager = await app().signIn({ roles: ['manager'] });
    const response = await app().request({ method: 'GET', url: '/api/admin/imports', cookie: manager });
    expect(response.statusCode).toBe(403);
  });
});

describe("'Por mesas'", () => {
  it('seats imported bookings at free tables, and lists the one no table is left for', async () => {
    await configure(db(), { capacityMode: 'tables', maxCoversPerSlot: null, maxCoversPerDay: null });
    const table = await insertTable(db(), { tableNumber: 49, seats: 4 });
    const day = tuesday(8);
    const csv = ['Fecha;Hora;Pax;Nombre;Teléfono', `${day.spanish};14:00;4;Primera Mesa;600 900 001`, `${day.spanish};14:00;4;Segunda Mesa;600 900 002`].join('\n');
    const file = await upload(Buffer.from(csv), 'mesas.csv');
    await dryRun(file, 'reservations');
    const run = await importAll(file.id);
    expect(run.counts.create).toBe(2);
    expect(run.listed).toEqual([expect.objectContaining({ row: 3, outcome: 'create', marks: ['no_table'], name: 'Segunda Mesa' })]);
    const [first] = await db().select().from(reservations).where(and(eq(reservations.importId, file.id), eq(reservations.customerName, 'Primera Mesa')));
    const seated = await db().select().from(reservationTables).where(eq(reservationTables.reservationId, first!.id));
    expect(seated.map((row) => row.tableId)).toEqual([table.id]);
  });
});
