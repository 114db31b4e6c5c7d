import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { reservations } from '../../src/server/db/schema.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { insertReservation, uniqueEmail, revisionOf } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 19: every reservation keeps a 'Historial de cambios': who (a staff account, or the guest), when, and each
// changed field before → after. Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const STAFF = `encargada-${randomUUID().slice(0, 8)}@example.com`;
const { app, db, owner: cookie } = useApiSuite({ clock, ownerEmail: STAFF });


const api = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie: cookie(), ...(payload ? { payload } : {}) });
const changesOf = async (id: string) => {
  const response = await api('GET', `/reservations/${id}/changes`);
  expect(response.statusCode).toBe(200);
  return response.json() as Array<{ at: string; actor: string; actorEmail: string | null; action: string; changes: object; override: boolean }>;
};

describe('the change log of a reservation', () => {
  it("records each staff change with the staff member's email, in order", async () => {
    const row = await insertReservation(db(), { status: 'pending', customerEmail: uniqueEmail() });
    expect(await changesOf(row.id)).toEqual([]);
    expect((await api('PATCH', `/reservations/${row.id}/status`, { status: 'confirmed', from: 'pending' })).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await api('PATCH', `/reservations/${row.id}/arrival`, { arrivalStatus: 'arrived', revision: await revisionOf(db(), row.id) })).statusCode).toBe(200);
    clock.advance(60_000);
    const cancel = { status: 'cancelled', reason: 'Se marcharon antes', from: 'confirmed' };
    expect((await api('PATCH', `/reservations/${row.id}/status`, cancel)).statusCode).toBe(200);

    const log = await changesOf(row.id);
    expect(log.map(({ actor, actorEmail, action, changes, override }) => ({ actor, actorEmail, action, changes, override }))).toEqual([
      { actor: 'staff', actorEmail: STAFF, action: 'status', changes: { status: ['pending', 'confirmed'] }, override: false },
      { actor: 'staff', actorEmail: STAFF, action: 'arrival', changes: { arrivalStatus: ['pending', 'arrived'] }, override: false },
      {
        actor: 'staff',
        actorEmail: STAFF,
        action: 'status',
        changes: { status: ['confirmed', 'cancelled'], cancellationReason: [null, 'Se marcharon antes'] },
        override: false,
      },
    ]);
    expect(log.map((line) => line.at)).toEqual(['2026-11-24T10:00:00.000Z', '2026-11-24T10:01:00.000Z', '2026-11-24T10:02:00.000Z']);
  });

  it('records a refused change nowhere', async () => {
    const row = await insertReservation(db(), { status: 'completed' });
    expect((await api('PATCH', `/reservations/${row.id}/status`, { status: 'confirmed' })).statusCode).toBe(409);
    expect(await changesOf(row.id)).toEqual([]);
  });

  it("records a manual reservation saved into a closed day as created 'anyway'", async () => {
    const manual = { customerName: 'Reserva Lunes', customerPhone: '600 111 222', numberOfPeople: 2, reservationDate: '2026-11-30', reservationTime: '14:00' };
    const created = await api('POST', '/reservations', { ...manual, override: true });
    expect(created.statusCode).toBe(201);
    const [line] = await changesOf(created.json().id);
    expect(line).toMatchObject({ actor: 'staff', actorEmail: STAFF, action: 'created', override: true });
    expect(line!.changes).toMatchObject({ status: [null, 'confirmed'], customerName: [null, 'Reserva Lunes'], reservationDate: [null, '2026-11-30'] });
  });

  it('shows a cancellation from the private page as the guest', async () => {
    const row = await insertReservation(db(), { status: 'confirmed', customerEmail: uniqueEmail(), reservationDate: '2026-11-28' });
    const token = await issueSelfServiceToken(db(), row.id, clock.now());
    const cancelled = await app().request({ method: 'POST', url: `/api/public/guest-reservations/${token}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    const [line] = await changesOf(row.id);
    expect(line).toMatchObject({ actor: 'guest', actorEmail: null, action: 'status' });
    expect(line!.changes).toMatchObject({ status: ['confirmed', 'cancelled'] });
    // The calendar file's SEQUENCE rises with it (issue 42: one path for every status change).
    const [after] = await db().select().from(reservations).where(eq(reservations.id, row.id));
    expect(after!.revision).toBe(row.revision + 1);
  });

  it("shows a guest's change request as created by the guest, from the old date and time to the new", async () => {
    const row = await insertReservation(db(), { status: 'confirmed', customerEmail: uniqueEmail(), reservationDate: '2026-11-28', reservationTime: '14:00' });
    const token = await issueSelfServiceToken(db(), row.id, clock.now());
    const asked = await app().request({
      method: 'POST',
      url: `/api/public/guest-reservations/${token}/change-request`,
      payload: { reservationDate: '2026-11-29', reservationTime: '15:00', numberOfPeople: 4 },
    });
    expect(asked.statusCode).toBe(201);
    const [line] = await changesOf(asked.json().id);
    expect(line).toMatchObject({
      actor: 'guest',
      action: 'created',
      changes: { reservationDate: ['2026-11-28', '2026-11-29'], reservationTime: ['14:00', '15:00'], numberOfPeople: [2, 4] },
    });
  });

  it('answers 404 for an unknown reservation and 401 without a session', async () => {
    expect((await api('GET', `/reservations/${randomUUID()}/changes`)).statusCode).toBe(404);
    expect((await app().request({ method: 'GET', url: `/api/admin/reservations/${randomUUID()}/changes` })).statusCode).toBe(401);
  });
});
