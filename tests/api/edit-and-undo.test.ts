import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { staffMessages } from '@shared/staff-messages.ts';
import { emailOutbox, reservationReminders, reservations, reservationTables } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { configure, insertReservation, insertTable, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { editFormOf } from '../support/edit-form.ts';

// Issue 19: 'Editar reserva' and 'Deshacer'. Tuesday 24 November 2026, 11:00 in Madrid; default hours 13:00-18:00.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db, owner: cookie } = useApiSuite({ ownerEmail: uniqueEmail('encargada'), clock });
let otherCookie: string;
const edit = staffMessages.admin.edit;
const undo = staffMessages.admin.undo;

beforeAll(async () => {
  otherCookie = await app().signIn({ email: uniqueEmail('camarero') });
});

const api = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object, as = cookie()) =>
  app().request({ method, url: `/api/admin${url}`, cookie: as, ...(payload ? { payload } : {}) });

const reload = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
const emailsOf = (id: string) => db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, id));
const changesOf = async (id: string) => (await api('GET', `/reservations/${id}/changes`)).json() as Array<Record<string, unknown>>;
const confirmed = () => insertReservation(db(), { status: 'confirmed', customerEmail: uniqueEmail() });

describe("'Editar reserva'", () => {
  it('changes the contact and the note without emailing the guest, and logs each field before → after', async () => {
    const row = await confirmed();
    const response = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { customerName: 'Lucía F. Gómez', notes: 'Trona' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ customerName: 'Lucía F. Gómez', adminNotes: 'Trona', revision: row.revision + 1 });
    expect(await emailsOf(row.id)).toEqual([]);
    expect(await changesOf(row.id)).toMatchObject([
      { action: 'edited', changes: { customerName: ['Lucía Fernández', 'Lucía F. Gómez'], adminNotes: [null, 'Trona'] }, override: false },
    ]);
  });

  it("sends 'Reserva modificada' with the calendar file (same UID, SEQUENCE + 1) when the time changes, held for the undo window", async () => {
    const row = await confirmed();
    const response = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { reservationTime: '15:30', numberOfPeople: 4 }));
    expect(response.statusCode).toBe(200);
    const [email] = await emailsOf(row.id);
    expect(email).toMatchObject({ kind: 'reservation_modified', toAddress: row.customerEmail, undoGroup: response.json().undo.group });
    expect(email!.subject).toContain('Reserva modificada');
    expect(email!.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime() + 15_000);
    const delivered = await deliveredEmail(db(), email!, clock);
    expect(delivered.text).toContain('15:30');
    expect(delivered.text).toContain('Personas: 4');
    const ics = Buffer.from(delivered.attachments[0]!.contentBase64, 'base64').toString('utf8');
    expect(ics).toContain(`UID:${row.id}@`);
    expect(ics).toContain(`SEQUENCE:${row.revision + 1}`);
    expect(ics).toContain('DTSTART;TZID=Europe/Madrid:20261126T153000');
  });

  it("refuses a closed day with the reason, and saves it with 'Guardar igualmente', recorded", async () => {
    const row = await confirmed();
    const monday = editFormOf(row, { reservationDate: '2026-11-30' });
    const refused = await api('PATCH', `/reservations/${row.id}`, monday);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'closed', message: staffMessages.admin.manualReservation.closures.monday });
    expect(await reload(row.id)).toMatchObject({ reservationDate: '2026-11-26', revision: row.revision });

    const saved = await api('PATCH', `/reservations/${row.id}`, { ...monday, override: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().reservationDate).toBe('2026-11-30');
    expect(await changesOf(row.id)).toMatchObject([{ action: 'edited', override: true }]);
  });

  it('refuses a party that passes a covers maximum until staff save anyway', async () => {
    await configure(db(), { maxCoversPerSlot: 6 });
    try {
      const row = await insertReservation(db(), { status: 'confirmed', reservationDate: '2026-12-02', numberOfPeople: 4 });
      const bigger = editFormOf(row, { numberOfPeople: 8 });
      const refused = await api('PATCH', `/reservations/${row.id}`, bigger);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('slot_full');
      expect((await reload(row.id)).numberOfPeople).toBe(4);
      // Its own covers are not counted twice: 6 fit.
      expect((await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { numberOfPeople: 6 }))).statusCode).toBe(200);
      const again = await reload(row.id);
      const saved = await api('PATCH', `/reservations/${row.id}`, { ...editFormOf(again, { numberOfPeople: 8 }), override: true });
      expect(saved.statusCode).toBe(200);
      expect((await changesOf(row.id)).at(-1)).toMatchObject({ action: 'edited', override: true });
    } finally {
      await configure(db(), { maxCoversPerSlot: null });
    }
  });

  it("answers a stale edit with 409 'La reserva ha cambiado; revisa los datos' and changes nothing", async () => {
    const row = await confirmed();
    expect((await api('PATCH', `/reservations/${row.id}/arrival`, { arrivalStatus: 'delayed', revision: row.revision }, otherCookie)).statusCode).toBe(200);
    const stale = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { customerName: 'Otro Nombre' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'stale', message: edit.stale });
    expect(await reload(row.id)).toMatchObject({ customerName: 'Lucía Fernández', arrivalStatus: 'delayed' });
  });

  it('refuses a cancelled booking, a bad form and an unknown id with a Spanish message', async () => {
    const cancelled = await insertReservation(db(), { status: 'cancelled' });
    const refused = await api('PATCH', `/reservations/${cancelled.id}`, editFormOf(cancelled, { numberOfPeople: 3 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(edit.notActive);
    const row = await confirmed();
    const bad = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { numberOfPeople: 0, reservationTime: '14:10' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['numberOfPeople', 'reservationTime']);
    const unknown = await api('PATCH', `/reservations/${randomUUID()}`, editFormOf(row));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(staffMessages.admin.errors.reservationNotFound);
  });

  it('moves a booking to other tables, refusing a table another booking holds then', async () => {
    const [one, two] = [await insertTable(db(), { tableNumber: 901 }), await insertTable(db(), { tableNumber: 902 })];
    const row = await insertReservation(db(), { status: 'confirmed', reservationDate: '2026-12-09' });
    const other = await insertReservation(db(), { status: 'confirmed', reservationDate: '2026-12-09', customerName: 'Pablo Ruiz' });
    await db().insert(reservationTables).values([{ reservationId: row.id, tableId: one.id }, { reservationId: other.id, tableId: two.id }]);
    const taken = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { tableIds: [two.id] }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toContain('Pablo Ruiz');
    const moved = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { tableIds: [] }));
    expect(moved.statusCode).toBe(200);
    expect(await db().select().from(reservationTables).where(eq(reservationTables.reservationId, row.id))).toEqual([]);
    expect((await changesOf(row.id)).at(-1)).toMatchObject({ changes: { tables: [['Mesa 901'], []] } });

    // 'Deshacer' puts the table back.
    expect((await api('POST', '/reservations/undo', { group: moved.json().undo.group })).statusCode).toBe(200);
    expect(await db().select().from(reservationTables).where(eq(reservationTables.reservationId, row.id))).toMatchObject([{ tableId: one.id }]);
  });
});

describe("'Deshacer'", () => {
  it('takes back a confirmation within the window: the previous state exactly, and the guest is never emailed', async () => {
    const row = await insertReservation(db(), { status: 'pending', customerEmail: uniqueEmail() });
    const confirm = await api('PATCH', `/reservations/${row.id}/status`, { status: 'confirmed', from: 'pending' });
    expect(confirm.statusCode).toBe(200);
    const ticket = confirm.json().undo;
    expect(ticket.expiresAt).toBe('2026-11-24T10:00:10.000Z');
    expect(await emailsOf(row.id)).toMatchObject([{ kind: 'reservation_confirmed', undoGroup: ticket.group }]);

    clock.advance(9_000);
    const undone = await api('POST', '/reservations/undo', { group: ticket.group });
    clock.advance(-9_000);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'pending', arrivalStatus: 'pending', cancellationReason: null });
    expect(await emailsOf(row.id)).toEqual([]);
    expect((await changesOf(row.id)).map((line) => line.action)).toEqual(['status', 'undone']);

    const twice = await api('POST', '/reservations/undo', { group: ticket.group });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(undo.already);
  });

  it('restores a cancellation with its reason and who cancelled, and a completion', async () => {
    const row = await confirmed();
    const cancel = await api('PATCH', `/reservations/${row.id}/status`, { status: 'cancelled', reason: 'Cierre', from: 'confirmed' });
    await api('POST', '/reservations/undo', { group: cancel.json().undo.group });
    expect(await reload(row.id)).toMatchObject({ status: 'confirmed', cancellationReason: null, cancelledBy: null });
    const complete = await api('PATCH', `/reservations/${row.id}/status`, { status: 'completed', from: 'confirmed' });
    expect((await api('POST', '/reservations/undo', { group: complete.json().undo.group })).statusCode).toBe(200);
    expect((await reload(row.id)).status).toBe('confirmed');
  });

  it('refuses after the window and keeps the guest email', async () => {
    const row = await insertReservation(db(), { status: 'pending', customerEmail: uniqueEmail() });
    const confirm = await api('PATCH', `/reservations/${row.id}/status`, { status: 'confirmed', from: 'pending' });
    clock.advance(16_000);
    const late = await api('POST', '/reservations/undo', { group: confirm.json().undo.group });
    clock.advance(-16_000);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(undo.expired);
    expect((await reload(row.id)).status).toBe('confirmed');
    expect(await emailsOf(row.id)).toHaveLength(1);
  });

  it("refuses another staff member's change, a change made stale by a later one, and an email already sent", async () => {
    const row = await insertReservation(db(), { status: 'pending', customerEmail: uniqueEmail() });
    const confirm = await api('PATCH', `/reservations/${row.id}/status`, { status: 'confirmed', from: 'pending' });
    const group = confirm.json().undo.group;
    const foreign = await api('POST', '/reservations/undo', { group }, otherCookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(undo.nothing);

    await db().update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.undoGroup, group));
    const sent = await api('POST', '/reservations/undo', { group });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().error.message).toBe(undo.emailSent);

    const arrival = await api('PATCH', `/reservations/${row.id}/arrival`, { arrivalStatus: 'arrived', revision: (await reload(row.id)).revision });
    const laterChanged = await api('POST', '/reservations/undo', { group });
    expect(laterChanged.statusCode).toBe(409);
    expect(laterChanged.json().error.message).toBe(undo.changedSince);
    expect((await api('POST', '/reservations/undo', { group: arrival.json().undo.group })).statusCode).toBe(200);
    expect(await reload(row.id)).toMatchObject({ status: 'confirmed', arrivalStatus: 'pending' });
  });

  it("takes back an edit: the old date and time, and the held 'Reserva modificada' is withdrawn", async () => {
    const row = await confirmed();
    const edited = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { reservationTime: '16:00' }));
    expect(await emailsOf(row.id)).toHaveLength(1);
    expect((await api('POST', '/reservations/undo', { group: edited.json().undo.group })).statusCode).toBe(200);
    expect(await reload(row.id)).toMatchObject({ reservationTime: '14:00', customerName: row.customerName });
    expect(await db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, row.id)))).toEqual([]);
  });

  it('a move forgets the reminders sent for the old time, so the new one is reminded of; undone, they are back', async () => {
    const row = await confirmed();
    await db().insert(reservationReminders).values({ reservationId: row.id, kind: '24h', sentAt: new Date('2026-11-25T13:00:00Z') });
    const reminders = () => db().select().from(reservationReminders).where(eq(reservationReminders.reservationId, row.id));
    const moved = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { reservationDate: '2026-11-27' }));
    expect(moved.statusCode).toBe(200);
    expect(await reminders()).toEqual([]);
    expect((await api('POST', '/reservations/undo', { group: moved.json().undo.group })).statusCode).toBe(200);
    expect(await reminders()).toMatchObject([{ kind: '24h', sentAt: new Date('2026-11-25T13:00:00Z') }]);
  });

  it("a move clears the guest's 'Confirmó asistencia' (given for the old time); undone, it is back; a new note keeps it", async () => {
    const answeredAt = new Date('2026-11-24T09:00:00Z');
    const row = await insertReservation(db(), { status: 'confirmed', customerEmail: uniqueEmail(), guestConfirmedAt: answeredAt });
    const noted = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { notes: 'Mesa junto a la ventana' }));
    expect(noted.statusCode).toBe(200);
    expect((await reload(row.id)).guestConfirmedAt).toEqual(answeredAt);
    const moved = await api('PATCH', `/reservations/${row.id}`, editFormOf(await reload(row.id), { reservationTime: '15:00' }));
    expect(moved.statusCode).toBe(200);
    expect((await reload(row.id)).guestConfirmedAt).toBeNull();
    expect((await api('POST', '/reservations/undo', { group: moved.json().undo.group })).statusCode).toBe(200);
    expect(await reload(row.id)).toMatchObject({ reservationTime: '14:00', guestConfirmedAt: answeredAt });
  });

  it('answers an unknown or malformed group with a Spanish 404 or 400', async () => {
    const unknown = await api('POST', '/reservations/undo', { group: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(undo.nothing);
    expect((await api('POST', '/reservations/undo', { group: 'x' })).statusCode).toBe(400);
  });
});
