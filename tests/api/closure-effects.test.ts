import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { staffMessages } from '@shared/staff-messages.ts';
import { dateExceptions, emailOutbox, mondayExceptions, operatingHours, reservations } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 19, item 5: a closure lists the active bookings it hits before anything is saved, then keeps them (their
// cards say 'Fuera de horario') or cancels them with one reason and one email each. Tuesday 24 November 2026, 11:00
// in Madrid; every weekday but Monday open 13:00-18:00.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db, owner: cookie } = useApiSuite({ clock });

const api = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie: cookie(), ...(payload ? { payload } : {}) });
const statusOf = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
const emailsOf = (id: string) => db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, id));
const names = (body: { affected: Array<{ customerName: string }> }) => body.affected.map((row) => row.customerName);

async function day(date: string, people: Array<[string, string, 'pending' | 'confirmed' | 'cancelled']>) {
  const rows = [];
  for (const [customerName, reservationTime, status] of people) {
    rows.push(await insertReservation(db(), { customerName, reservationTime, status, reservationDate: date, customerEmail: uniqueEmail() }));
  }
  return rows;
}

describe('blocking a day that has bookings', () => {
  it('previews the active bookings and saves nothing', async () => {
    await day('2026-12-03', [['Ana Pérez', '14:00', 'confirmed'], ['Bruno Gil', '13:00', 'pending'], ['Carla Ruiz', '15:00', 'cancelled']]);
    const preview = await api('POST', '/blocked-days?preview=1', { date: '2026-12-03', reason: 'Inventario' });
    expect(preview.statusCode).toBe(200);
    expect(names(preview.json())).toEqual(['Bruno Gil', 'Ana Pérez']);
    expect(await db().select().from(dateExceptions).where(eq(dateExceptions.exceptionDate, '2026-12-03'))).toEqual([]);
  });

  it("keeps them when told nothing: still active, and marked 'Fuera de horario' on the lists", async () => {
    const [kept] = await day('2026-12-10', [['Diego Sanz', '14:00', 'confirmed']]);
    const blocked = await api('POST', '/blocked-days', { date: '2026-12-10' });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ date: '2026-12-10', affected: [{ customerName: 'Diego Sanz', outsideHours: true }] });
    expect((await statusOf(kept!.id)).status).toBe('confirmed');
    expect(await emailsOf(kept!.id)).toEqual([]);
    const history = await api('GET', '/reservations/history?from=2026-12-10&to=2026-12-10');
    expect(history.json().items).toMatchObject([{ customerName: 'Diego Sanz', outsideHours: true }]);
    // Unblocked, the day is open again and the mark goes.
    expect((await api('DELETE', '/blocked-days/2026-12-10')).statusCode).toBe(204);
    expect((await api('GET', '/reservations/history?from=2026-12-10&to=2026-12-10')).json().items[0].outsideHours).toBe(false);
  });

  it('cancels them all with one reason and one email each, logged as staff changes', async () => {
    const [first, second, gone] = await day('2026-12-17', [
      ['Elena Mora', '13:30', 'confirmed'],
      ['Fran Díaz', '16:00', 'pending'],
      ['Gema Vidal', '14:00', 'cancelled'],
    ]);
    const response = await api('POST', `/blocked-days?cancelReason=${encodeURIComponent('Cierre por obras')}`, { date: '2026-12-17' });
    expect(response.statusCode).toBe(201);
    expect(names(response.json()).sort()).toEqual(['Elena Mora', 'Fran Díaz']);
    for (const row of [first!, second!]) {
      expect(await statusOf(row.id)).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'Cierre por obras',
        cancelledBy: 'staff',
        revision: row.revision + 1,
      });
      const emails = await emailsOf(row.id);
      expect(emails.map((email) => [email.kind, email.toAddress, email.undoGroup])).toEqual([['reservation_cancelled', row.customerEmail, null]]);
      expect(emails[0]!.textBody).toContain('Motivo: Cierre por obras');
      const log = (await api('GET', `/reservations/${row.id}/changes`)).json();
      expect(log).toMatchObject([{ actor: 'staff', action: 'status', changes: { status: [row.status, 'cancelled'], cancellationReason: [null, 'Cierre por obras'] } }]);
    }
    expect(await emailsOf(gone!.id)).toEqual([]);
  });

  it('refuses an empty reason and a past date with a Spanish 400, saving nothing', async () => {
    await day('2026-12-24', [['Hugo León', '14:00', 'confirmed']]);
    const empty = await api('POST', '/blocked-days?cancelReason=%20', { date: '2026-12-24' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.cancelReason).toBe(staffMessages.admin.cancelReason.requiredDescription);
    const past = await api('POST', '/blocked-days?cancelReason=x', { date: '2026-11-20' });
    expect(past.statusCode).toBe(400);
    expect(await db().select().from(dateExceptions).where(eq(dateExceptions.exceptionDate, '2026-12-24'))).toEqual([]);
  });
});

describe("closing or narrowing a weekday's hours", () => {
  const resetWednesday = () =>
    db().update(operatingHours).set({ isOpen: true, openTime: '13:00', closeTime: '18:00' }).where(eq(operatingHours.dayOfWeek, 3));

  it('previews the coming bookings of that weekday the new hours leave out, and saves nothing', async () => {
    await day('2026-12-02', [['Irene Sol', '13:00', 'confirmed'], ['Javier Paz', '17:00', 'confirmed']]);
    await day('2026-12-09', [['Karen Luz', '17:30', 'pending']]);
    await day('2026-12-03', [['Luis Mar', '17:30', 'confirmed']]);
    await day('2026-11-18', [['Marta Oro', '17:30', 'confirmed']]);
    try {
      const preview = await api('PATCH', '/operating-hours/3?preview=1', { closeTime: '16:00' });
      expect(preview.statusCode).toBe(200);
      expect(names(preview.json())).toEqual(['Javier Paz', 'Karen Luz']);
      const [wednesday] = await db().select().from(operatingHours).where(eq(operatingHours.dayOfWeek, 3));
      expect(wednesday!.closeTime).toBe('18:00');

      const closing = await api('PATCH', '/operating-hours/3?preview=1', { isOpen: false });
      expect(names(closing.json())).toEqual(['Irene Sol', 'Javier Paz', 'Karen Luz']);
    } finally {
      await resetWednesday();
    }
  });

  it('saves and keeps them, or saves and cancels them with the reason', async () => {
    const [kept] = await day('2026-12-16', [['Nuria Rey', '17:30', 'confirmed']]);
    try {
      const saved = await api('PATCH', '/operating-hours/3', { closeTime: '17:00' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().closeTime).toBe('17:00');
      // With the bookings of the Wednesdays above, kept as well.
      expect(names(saved.json())).toContain('Nuria Rey');
      expect((await statusOf(kept!.id)).status).toBe('confirmed');

      const [cancelled] = await day('2026-12-23', [['Óscar Vela', '16:30', 'confirmed']]);
      const cancel = await api('PATCH', `/operating-hours/3?cancelReason=${encodeURIComponent('Cambio de horario')}`, { closeTime: '16:00' });
      expect(cancel.statusCode).toBe(200);
      // Nuria's booking was outside already: the earlier change hit it, not this one.
      expect(names(cancel.json())).toEqual(['Óscar Vela']);
      expect((await statusOf(cancelled!.id)).cancellationReason).toBe('Cambio de horario');
      expect((await statusOf(kept!.id)).status).toBe('confirmed');
    } finally {
      await resetWednesday();
    }
  });
});

describe('removing a Monday exception', () => {
  it('previews the bookings of that Monday, then cancels them with the exception', async () => {
    const opened = await api('POST', '/monday-exceptions', { date: '2026-12-07', reason: 'Puente' });
    expect(opened.statusCode).toBe(201);
    const [booked] = await day('2026-12-07', [['Pilar Cano', '14:00', 'confirmed']]);
    const id = opened.json().id;
    const preview = await api('DELETE', `/monday-exceptions/${id}?preview=1`);
    expect(preview.statusCode).toBe(200);
    expect(names(preview.json())).toEqual(['Pilar Cano']);
    expect(await db().select().from(mondayExceptions).where(eq(mondayExceptions.id, id))).toHaveLength(1);

    const removed = await api('DELETE', `/monday-exceptions/${id}?cancelReason=${encodeURIComponent('Al final cerramos')}`);
    expect(removed.statusCode).toBe(204);
    expect(await db().select().from(mondayExceptions).where(and(eq(mondayExceptions.id, id)))).toEqual([]);
    expect(await statusOf(booked!.id)).toMatchObject({ status: 'cancelled', cancellationReason: 'Al final cerramos' });
    expect((await emailsOf(booked!.id)).map((email) => email.kind)).toEqual(['reservation_cancelled']);
  });
});
