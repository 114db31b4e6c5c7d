// Issue 52, item 1 (decision 064): 'Confirmar todas (N)' confirms the pending requests staff saw, each through the
// transition command with its own guest email, under one 'Deshacer'. A request changed since the list is left as it
// is and reported; a guest's change request is left to its row.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONFIRM_ALL_MAX } from '@shared/limits.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservation, type ReservationRow, uniqueEmail } from '../support/factories.ts';

// Tuesday 24 November 2026, 11:00 in Madrid; the requests are for Thursday.
const { app, db, api, clock } = useApiSuite({ ownerEmail: uniqueEmail('encargada'), at: '2026-11-24T10:00:00Z' });
const undo = staffMessages.admin.undo;
const text = staffMessages.admin.confirmAll;

const request = (name: string) => insertReservation(db(), { status: 'pending', customerName: name, customerEmail: uniqueEmail('cliente') });
const listed = (rows: ReservationRow[]) => ({ reservations: rows.map(({ id, revision }) => ({ id, revision })) });
const confirmAll = (rows: ReservationRow[], cookie?: string | null) => api('POST', '/reservations/confirm-batch', listed(rows), cookie);
const reload = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
const emailsOf = (ids: string[]) => db().select().from(emailOutbox).where(inArray(emailOutbox.reservationId, ids));
const changesOf = async (id: string) => (await api('GET', `/reservations/${id}/changes`)).json() as Array<{ action: string }>;

describe("'Confirmar todas'", () => {
  it('confirms each request through its own transition, with its own confirmation email, under one undo ticket', async () => {
    const rows = await Promise.all(['Ana Pérez', 'Luis Gómez', 'Marta Ruiz'].map(request));
    const response = await confirmAll(rows);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.skipped).toEqual([]);
    expect(body.confirmed.map((row: { id: string }) => row.id)).toEqual(rows.map((row) => row.id));
    expect(body.undo).toEqual({ group: expect.any(String), expiresAt: '2026-11-24T10:00:10.000Z' });

    for (const row of rows) {
      expect(await reload(row.id)).toMatchObject({ status: 'confirmed', revision: row.revision + 1 });
      expect(await changesOf(row.id)).toMatchObject([{ action: 'status' }]);
    }
    const emails = await emailsOf(rows.map((row) => row.id));
    expect(emails).toHaveLength(3);
    for (const row of rows) {
      const own = emails.filter((email) => email.reservationId === row.id);
      expect(own).toMatchObject([{ kind: 'reservation_confirmed', toAddress: row.customerEmail, undoGroup: body.undo.group }]);
      // Held for 'Deshacer', as a single 'Confirmar' holds it.
      expect(own[0]!.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime() + 15_000);
    }
    const sent = await deliveredEmail(db(), emails.find((email) => email.reservationId === rows[1]!.id)!, clock);
    expect(sent.text).toContain('Luis Gómez');
    expect(sent.text).not.toContain('Ana Pérez');
  });

  it("'Deshacer' puts every one back to pending and withdraws every held email; a second undo is refused", async () => {
    const rows = await Promise.all(['Eva Sanz', 'Pablo Ortiz'].map(request));
    const { undo: ticket } = (await confirmAll(rows)).json();
    clock.advance(9_000);
    const undone = await api('POST', '/reservations/undo', { group: ticket.group });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().reservations.map((row: { status: string }) => row.status)).toEqual(['pending', 'pending']);
    for (const row of rows) {
      expect(await reload(row.id)).toMatchObject({ status: 'pending' });
      expect((await changesOf(row.id)).map((line) => line.action)).toEqual(['status', 'undone']);
    }
    expect(await emailsOf(rows.map((row) => row.id))).toEqual([]);

    const twice = await api('POST', '/reservations/undo', { group: ticket.group });
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, undo.already]);
  });

  it('refuses the undo, all of it, once one booking of the batch has changed since; its emails stay queued', async () => {
    const rows = await Promise.all(['Rosa Vidal', 'Juan Mora'].map(request));
    const { undo: ticket } = (await confirmAll(rows)).json();
    const arrived = await api('PATCH', `/reservations/${rows[0]!.id}/arrival`, { arrivalStatus: 'arrived', revision: rows[0]!.revision + 1 });
    expect(arrived.statusCode).toBe(200);
    const refused = await api('POST', '/reservations/undo', { group: ticket.group });
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, undo.changedSince]);
    expect((await reload(rows[1]!.id)).status).toBe('confirmed');
    expect(await emailsOf(rows.map((row) => row.id))).toHaveLength(2);
  });

  it('leaves a request changed since the list (confirmed elsewhere, cancelled, edited) and a change request, and says so', async () => {
    const [kept, confirmedElsewhere, cancelled, edited] = await Promise.all(['Sara León', 'Hugo Gil', 'Nuria Paz', 'Iván Soto'].map(request));
    const original = await insertReservation(db(), { status: 'confirmed', customerName: 'Olga Ríos', reservationTime: '13:00' });
    const change = await insertReservation(db(), {
      status: 'pending',
      customerName: 'Olga Ríos',
      customerEmail: uniqueEmail('cambio'),
      previousReservationId: original.id,
    });
    expect((await api('PATCH', `/reservations/${confirmedElsewhere!.id}/status`, { status: 'confirmed', from: 'pending' })).statusCode).toBe(200);
    await db().update(reservations).set({ status: 'cancelled', cancelledBy: 'guest', revision: cancelled!.revision + 1 }).where(eq(reservations.id, cancelled!.id));
    await db().update(reservations).set({ numberOfPeople: 4, revision: edited!.revision + 1 }).where(eq(reservations.id, edited!.id));

    const response = await confirmAll([kept!, confirmedElsewhere!, cancelled!, edited!, change]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.confirmed.map((row: { id: string }) => row.id)).toEqual([kept!.id]);
    expect(body.skipped).toEqual([
      { id: confirmedElsewhere!.id, customerName: 'Hugo Gil', reason: 'changed' },
      { id: cancelled!.id, customerName: 'Nuria Paz', reason: 'changed' },
      { id: edited!.id, customerName: 'Iván Soto', reason: 'changed' },
      { id: change.id, customerName: 'Olga Ríos', reason: 'change_request' },
    ]);
    expect(await reload(cancelled!.id)).toMatchObject({ status: 'cancelled' });
    expect(await reload(edited!.id)).toMatchObject({ status: 'pending', numberOfPeople: 4 });
    expect(await reload(change.id)).toMatchObject({ status: 'pending' });
    expect(await reload(original.id)).toMatchObject({ status: 'confirmed' });
    // The one confirmed elsewhere was emailed once, by its own 'Confirmar'; the left ones not by the batch.
    expect(await emailsOf([confirmedElsewhere!.id])).toHaveLength(1);
    expect(await emailsOf([cancelled!.id, edited!.id, change.id])).toEqual([]);
    expect(await emailsOf([kept!.id])).toMatchObject([{ undoGroup: body.undo.group }]);
  });

  it('answers without an undo when nothing was left to confirm, and reports an unknown id as changed', async () => {
    const gone = { id: randomUUID(), revision: 0 };
    const response = await api('POST', '/reservations/confirm-batch', { reservations: [gone] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ confirmed: [], skipped: [{ id: gone.id, customerName: null, reason: 'changed' }] });
  });

  it('the lists mark a change request, so the screen leaves it out of the count', async () => {
    const original = await insertReservation(db(), { status: 'confirmed', reservationDate: '2026-11-27' });
    const change = await insertReservation(db(), { status: 'pending', reservationDate: '2026-11-27', previousReservationId: original.id });
    const plain = await insertReservation(db(), { status: 'pending', reservationDate: '2026-11-27' });
    const pending = (await api('GET', '/reservations/pending')).json() as Array<{ id: string; changeRequest: boolean }>;
    expect(pending.find((row) => row.id === change.id)?.changeRequest).toBe(true);
    expect(pending.find((row) => row.id === plain.id)?.changeRequest).toBe(false);
  });
});

describe('who may, and bad input', () => {
  it('lets an encargado and floor staff confirm the list, as they may confirm one; nobody signed in gets 401', async () => {
    for (const role of ['manager', 'floor'] as const) {
      const cookie = await app().signIn({ roles: [role], email: uniqueEmail(role) });
      const rows = [await request(`Cliente ${role}`)];
      const response = await confirmAll(rows, cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().confirmed).toHaveLength(1);
      // The undo is its author's.
      const { group } = response.json().undo;
      expect((await api('POST', '/reservations/undo', { group })).statusCode).toBe(404);
      expect((await api('POST', '/reservations/undo', { group }, cookie)).statusCode).toBe(200);
    }
    const row = await request('Sin sesión');
    expect((await confirmAll([row], null)).statusCode).toBe(401);
    expect((await reload(row.id)).status).toBe('pending');
  });

  it('answers malformed lists with 400 and a Spanish message, and writes nothing', async () => {
    const row = await request('Lista mala');
    const one = { id: row.id, revision: row.revision };
    const cases: [unknown, string][] = [
      [{}, text.empty],
      [{ reservations: [] }, text.empty],
      [{ reservations: [{ id: 'no-es-un-id', revision: 0 }] }, text.invalidId],
      [{ reservations: [{ id: row.id }] }, text.revisionRequired],
      [{ reservations: [one, one] }, text.repeated],
      [{ reservations: Array.from({ length: CONFIRM_ALL_MAX + 1 }, () => ({ id: randomUUID(), revision: 0 })) }, String(CONFIRM_ALL_MAX)],
    ];
    for (const [payload, message] of cases) {
      const response = await api('POST', '/reservations/confirm-batch', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(message);
    }
    expect((await reload(row.id)).status).toBe('pending');
  });
});
