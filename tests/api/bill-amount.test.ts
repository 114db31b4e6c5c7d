// Issue 47, item 3: 'Importe de la cuenta'. Staff set or clear a visit's bill (decision 044); the guest's spend follows
// by the database's trigger; the change is in the booking's 'Historial de cambios'.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@shared/rules/permissions.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import type { ReservationChange } from '@shared/schemas/reservation-history.ts';
import { billTexts } from '@shared/staff-messages/bill.ts';
import { guests, reservations } from '../../src/server/db/schema.ts';
import { insertGuest, insertReservation, type NewReservation } from '../support/factories.ts';
import { matrixAllows } from '../support/role-matrix.ts';
import { useApiSuite } from '../support/api-suite.ts';

const suite = useApiSuite();
const { db } = suite;

const putBill = (id: string, body: unknown, as?: string | null) => suite.api('PUT', `/reservations/${id}/bill`, body, as);

const arrived = (values: Partial<NewReservation> = {}) => insertReservation(db(), { status: 'confirmed', arrivalStatus: 'arrived', ...values });

async function billOf(id: string) {
  const [row] = await db().select({ billCents: reservations.billCents }).from(reservations).where(eq(reservations.id, id));
  return row!.billCents;
}

async function spendOf(guestId: string) {
  const [row] = await db().select({ cents: guests.spendCents, visits: guests.spendVisits }).from(guests).where(eq(guests.id, guestId));
  return row!;
}

describe('PUT /api/admin/reservations/:id/bill', () => {
  it('sets a visit’s bill in cents, answers the booking with it, and clears it with null', async () => {
    const booking = await arrived();
    const set = await putBill(booking.id, { billCents: 4550 });
    expect(set.statusCode).toBe(200);
    expect(set.json<AdminReservation>()).toMatchObject({ id: booking.id, billCents: 4550 });
    expect(await billOf(booking.id)).toBe(4550);

    const cleared = await putBill(booking.id, { billCents: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<AdminReservation>().billCents).toBeNull();
    expect(await billOf(booking.id)).toBeNull();
  });

  it('takes a completed booking’s bill even when nobody pressed Llegó', async () => {
    const booking = await insertReservation(db(), { status: 'completed', arrivalStatus: 'pending' });
    expect((await putBill(booking.id, { billCents: 0 })).statusCode).toBe(200);
    expect(await billOf(booking.id)).toBe(0);
  });

  it('shows the bill in the staff lists', async () => {
    const booking = await arrived({ reservationDate: '2026-01-10', customerName: 'Cuenta Listada' });
    await putBill(booking.id, { billCents: 12_000 });
    const history = await suite.api('GET', '/reservations/history?q=Cuenta%20Listada');
    expect(history.json<{ items: AdminReservation[] }>().items.map((item) => item.billCents)).toEqual([12_000]);
  });

  it('writes each change in the booking’s change log, before and after', async () => {
    const booking = await arrived();
    await putBill(booking.id, { billCents: 4550 });
    await putBill(booking.id, { billCents: 5000 });
    await putBill(booking.id, { billCents: 5000 });
    await putBill(booking.id, { billCents: null });
    const log = (await suite.api('GET', `/reservations/${booking.id}/changes`)).json<ReservationChange[]>();
    expect(log.map((line) => [line.action, line.changes])).toEqual([
      ['edited', { billCents: [null, 4550] }],
      ['edited', { billCents: [4550, 5000] }],
      ['edited', { billCents: [5000, null] }],
    ]);
    expect(log[0]!.actor).toBe('staff');
  });

  it('refuses bad input with a Spanish message and writes nothing', async () => {
    const booking = await arrived();
    const cases: Array<[unknown, string]> = [
      [{ billCents: 45.5 }, billTexts.errors.invalid],
      [{ billCents: -1 }, billTexts.errors.invalid],
      [{ billCents: 10_000_001 }, billTexts.errors.tooLarge],
      [{ billCents: '4550' }, billTexts.errors.required],
      [{}, billTexts.errors.required],
    ];
    for (const [body, message] of cases) {
      const answer = await putBill(booking.id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error.fields.billCents, JSON.stringify(body)).toBe(message);
    }
    expect(await billOf(booking.id)).toBeNull();
    expect((await putBill('not-a-uuid', { billCents: 100 })).statusCode).toBe(400);
    expect((await putBill('00000000-0000-4000-8000-000000000000', { billCents: 100 })).statusCode).toBe(404);
  });

  it('refuses a bill on a cancelled booking, a no-show, or one whose guest has not come, with 409', async () => {
    const cases: Array<[Partial<NewReservation>, string]> = [
      [{ status: 'cancelled', arrivalStatus: 'pending', cancelledBy: 'staff' }, billTexts.errors.cancelled],
      [{ status: 'cancelled', arrivalStatus: 'arrived', cancelledBy: 'guest' }, billTexts.errors.cancelled],
      [{ status: 'confirmed', arrivalStatus: 'no_show' }, billTexts.errors.noShow],
      [{ status: 'confirmed', arrivalStatus: 'pending' }, billTexts.errors.notArrived],
      [{ status: 'pending', arrivalStatus: 'pending' }, billTexts.errors.notArrived],
    ];
    for (const [values, message] of cases) {
      const booking = await insertReservation(db(), values);
      const answer = await putBill(booking.id, { billCents: 4550 });
      expect(answer.statusCode, JSON.stringify(values)).toBe(409);
      expect(answer.json().error.message, JSON.stringify(values)).toBe(message);
      expect(await billOf(booking.id)).toBeNull();
    }
  });

  it('lets a bill be cleared whatever became of the booking since', async () => {
    const booking = await insertReservation(db(), { status: 'cancelled', arrivalStatus: 'arrived', billCents: 3000 });
    expect((await putBill(booking.id, { billCents: 3000 })).statusCode).toBe(409);
    expect((await putBill(booking.id, { billCents: null })).statusCode).toBe(200);
    expect(await billOf(booking.id)).toBeNull();
  });

  it('is the floor’s as much as the owner’s and the encargado’s, and no one else’s', async () => {
    const roles: StaffRole[] = ['admin', 'manager', 'floor'];
    for (const [index, role] of roles.entries()) {
      const booking = await arrived();
      const answer = await putBill(booking.id, { billCents: 1000 + index }, await suite.app().signIn({ roles: [role] }));
      expect(answer.statusCode, role).toBe(matrixAllows(role, 'PUT /reservations/:id/bill') ? 200 : 403);
      expect(await billOf(booking.id), role).toBe(1000 + index);
    }
    const booking = await arrived();
    expect((await putBill(booking.id, { billCents: 1 }, await suite.app().signIn({ roles: [] }))).statusCode).toBe(403);
    expect((await putBill(booking.id, { billCents: 1 }, null)).statusCode).toBe(401);
    expect(await billOf(booking.id)).toBeNull();
  });

  it('keeps the guest’s spend and the visits with a bill by the trigger', async () => {
    const guest = await insertGuest(db());
    const first = await arrived({ guestId: guest.id, reservationDate: '2026-10-01' });
    const second = await insertReservation(db(), { guestId: guest.id, status: 'completed', reservationDate: '2026-10-08' });
    await arrived({ guestId: guest.id, reservationDate: '2026-10-15' });
    expect(await spendOf(guest.id)).toEqual({ cents: 0, visits: 0 });

    await putBill(first.id, { billCents: 4550 });
    await putBill(second.id, { billCents: 6000 });
    expect(await spendOf(guest.id)).toEqual({ cents: 10_550, visits: 2 });

    await putBill(first.id, { billCents: 5000 });
    expect(await spendOf(guest.id)).toEqual({ cents: 11_000, visits: 2 });

    await putBill(second.id, { billCents: null });
    expect(await spendOf(guest.id)).toEqual({ cents: 5000, visits: 1 });
  });
});
