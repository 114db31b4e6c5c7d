import { beforeEach, describe, expect, it } from 'vitest';
import type { CallToConfirm } from '@shared/schemas/no-show-risk.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import type { HistoryPage } from '@shared/schemas/reservation-history.ts';
import { cardGuarantees } from '../../src/server/db/schema.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { insertGuest, insertReservation, insertReservations, type NewReservation } from '../support/factories.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';
const { app, db } = useApiSuite({ at: NOW });
let cookie: string;

beforeEach(async () => {
  cookie = await app().signIn();
});

async function list<T>(path: string): Promise<T> {
  const response = await app().request({ method: 'GET', url: `/api/admin${path}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const find = (rows: AdminReservation[], id: string) => rows.find((row) => row.id === id);

/** A guest with earlier bookings already played out, each as given. */
async function guestWith(past: Partial<NewReservation>[]) {
  const guest = await insertGuest(db());
  await insertReservations(db(), past.map((values) => ({ guestId: guest.id, reservationDate: '2026-10-10', ...values })));
  return guest;
}
const noShow: Partial<NewReservation> = { status: 'confirmed', arrivalStatus: 'no_show' };
const visit: Partial<NewReservation> = { status: 'completed', arrivalStatus: 'arrived' };

describe('the no-show risk on the staff lists', () => {
  it('is alta for a guest with two earlier no-shows, with its reasons', async () => {
    const guest = await guestWith([noShow, noShow]);
    const upcoming = await insertReservation(db(), {
      guestId: guest.id,
      reservationDate: TOMORROW,
      reservationTime: '21:00',
      source: 'public',
      status: 'pending',
      createdAt: new Date(NOW),
    });
    const rows = await list<AdminReservation[]>('/reservations/upcoming');
    expect(find(rows, upcoming.id)?.noShowRisk).toEqual({ level: 'alta', reasons: ['earlierNoShows', 'firstVisit', 'webRequest'] });
    // The pending list carries the same.
    expect(find(await list<AdminReservation[]>('/reservations/pending'), upcoming.id)?.noShowRisk?.level).toBe('alta');
  });

  it('is baja for a regular who confirmed by WhatsApp', async () => {
    const guest = await guestWith([visit, visit, visit]);
    const today = await insertReservation(db(), {
      guestId: guest.id,
      reservationDate: TODAY,
      reservationTime: '21:00',
      source: 'admin',
      status: 'confirmed',
      numberOfPeople: 6,
      createdAt: new Date('2026-11-20T10:00:00Z'),
      guestConfirmedAt: new Date(NOW),
    });
    const rows = await list<AdminReservation[]>('/reservations/today');
    expect(find(rows, today.id)?.noShowRisk).toEqual({ level: 'baja', reasons: ['largeParty', 'regular', 'guestConfirmed'] });
  });

  it('counts a saved card guarantee', async () => {
    const guest = await guestWith([noShow, visit]);
    const booking = await insertReservation(db(), { guestId: guest.id, reservationDate: TOMORROW, status: 'confirmed', source: 'admin', createdAt: new Date(NOW) });
    const before = find(await list<AdminReservation[]>('/reservations/upcoming'), booking.id)?.noShowRisk;
    expect(before).toEqual({ level: 'media', reasons: ['earlierNoShows'] });
    await db().insert(cardGuarantees).values({
      reservationId: booking.id,
      provider: 'stripe',
      customerRef: 'cus_risk',
      paymentMethodRef: 'pm_risk',
      amountPerPersonCents: 2000,
      freeCancellationHours: 24,
      savedAt: new Date(NOW),
    });
    const after = find(await list<AdminReservation[]>('/reservations/upcoming'), booking.id)?.noShowRisk;
    expect(after).toEqual({ level: 'baja', reasons: ['earlierNoShows', 'cardGuarantee'] });
  });

  it('is null for a past booking, a cancelled one, an arrived one and a walk-in', async () => {
    const guest = await guestWith([noShow, noShow]);
    const [past, cancelled, arrived, walkIn] = await insertReservations(db(), [
      { guestId: guest.id, reservationDate: '2026-11-23', status: 'confirmed' },
      { guestId: guest.id, reservationDate: TODAY, status: 'cancelled', cancelledBy: 'guest' },
      { guestId: guest.id, reservationDate: TODAY, status: 'confirmed', arrivalStatus: 'arrived' },
      { guestId: guest.id, reservationDate: TODAY, status: 'confirmed', source: 'walk_in' },
    ]);
    const history = await list<HistoryPage>('/reservations/history?from=2026-11-23&to=2026-11-23');
    const pastRow = find(history.items, past!.id);
    expect(pastRow).toBeDefined();
    expect(pastRow?.noShowRisk).toBeNull();
    const today = await list<AdminReservation[]>('/reservations/today');
    for (const row of [cancelled, arrived, walkIn]) {
      expect(find(today, row!.id)).toBeDefined();
      expect(find(today, row!.id)?.noShowRisk).toBeNull();
    }
  });
});

describe("'Llamar para confirmar'", () => {
  it("lists tomorrow's 'alta' bookings by time with a number to dial, for every role", async () => {
    const risky = await guestWith([noShow, noShow]);
    const other = await guestWith([noShow, noShow]);
    const calm = await guestWith([noShow, visit]);
    // Taken by phone: no 'webRequest' point.
    const [late, early, medium, todays, cancelled] = await insertReservations(db(), ([
      { guestId: risky.id, customerName: 'Rosa Tarde', reservationDate: TOMORROW, reservationTime: '22:00', status: 'confirmed', customerPhone: '600 111 222', customerPhoneE164: '+34600111222' },
      { guestId: other.id, customerName: 'Pablo Pronto', reservationDate: TOMORROW, reservationTime: '13:00', status: 'pending', customerPhone: '(+44) 20 7946 0958' },
      { guestId: calm.id, customerName: 'Media Nada', reservationDate: TOMORROW, reservationTime: '21:00', status: 'confirmed' },
      { guestId: risky.id, customerName: 'Hoy No', reservationDate: TODAY, reservationTime: '21:00', status: 'confirmed' },
      { guestId: risky.id, customerName: 'Anulada', reservationDate: TOMORROW, reservationTime: '21:00', status: 'cancelled' },
    ] as Partial<NewReservation>[]).map((values) => ({ source: 'admin', ...values })));
    const answer = await list<CallToConfirm>('/reservations/call-to-confirm');
    expect(answer.date).toBe(TOMORROW);
    const ours = answer.items.filter((item) => [late, early, medium, todays, cancelled].some((row) => row!.id === item.id));
    expect(ours).toEqual([
      { id: early!.id, customerName: 'Pablo Pronto', reservationTime: '13:00', numberOfPeople: 2, customerPhone: '(+44) 20 7946 0958', phoneHref: 'tel:+442079460958', reasons: ['earlierNoShows', 'firstVisit'] },
      { id: late!.id, customerName: 'Rosa Tarde', reservationTime: '22:00', numberOfPeople: 2, customerPhone: '600 111 222', phoneHref: 'tel:+34600111222', reasons: ['earlierNoShows', 'firstVisit'] },
    ]);
    for (const roles of [['manager'], ['floor']] as const) {
      const staff = await app().signIn({ roles: [...roles] });
      const response = await app().request({ method: 'GET', url: '/api/admin/reservations/call-to-confirm', cookie: staff });
      expect(response.statusCode).toBe(200);
      expect(response.json<CallToConfirm>().items.map((item) => item.id)).toContain(late!.id);
    }
  });
});
