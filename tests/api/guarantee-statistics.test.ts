import { beforeEach, describe, expect, it } from 'vitest';
import type { GuaranteeStatistics, Statistics } from '@shared/schemas/statistics.ts';
import { cardGuarantees, paymentCharges, reservations } from '../../src/server/db/schema.ts';
import { insertReservation, type NewReservation } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 45, item 4: the statistics' 'Garantía con tarjeta' figures, from rows written straight to the database.
// Wednesday 28 October 2026, 12:00 in Madrid.
const NOW = '2026-10-28T11:00:00Z';

const { app, db, owner } = useApiSuite({ at: NOW });

beforeEach(async () => {
  await db().delete(reservations);
});

type Booking = Partial<NewReservation> & Pick<NewReservation, 'reservationDate'>;
type Charge = Pick<typeof paymentCharges.$inferInsert, 'amountCents' | 'status'> & { refundedCents?: number };

/** A booking of 4; with `card`, a card saved for it (released once charged, as the payments module does). */
async function booking(values: Booking, card?: { charges?: Charge[] }): Promise<void> {
  const row = await insertReservation(db(), { numberOfPeople: 4, status: 'confirmed', ...values });
  if (!card) return;
  const charged = card.charges?.some(({ status }) => status === 'succeeded') ?? false;
  await db()
    .insert(cardGuarantees)
    .values({
      reservationId: row.id,
      provider: 'stripe',
      customerRef: `cus_${row.id.slice(0, 8)}`,
      paymentMethodRef: `pm_${row.id.slice(0, 8)}`,
      amountPerPersonCents: 2000,
      freeCancellationHours: 24,
      savedAt: new Date('2026-10-01T10:00:00Z'),
      ...(charged ? { state: 'released' as const, releasedAt: new Date(NOW), releaseReason: 'charged' } : {}),
    });
  for (const charge of card.charges ?? []) {
    await db()
      .insert(paymentCharges)
      .values({ reservationId: row.id, people: charge.amountCents / 2000, ...charge });
  }
}

/**
 * 20-30 October, with one guaranteed no-show on each side of it. With a card: two charged no-shows (one refunded in
 * part, one after a failed attempt), one awaiting the bank, two that came, one cancelled, one still to come.
 * Without: one no-show, three that came, a walk-in, a cancellation.
 */
async function seedRange(): Promise<void> {
  const noShow = { arrivalStatus: 'no_show' as const };
  const came = { arrivalStatus: 'arrived' as const, status: 'completed' as const };
  await booking({ reservationDate: '2026-10-21', ...noShow }, { charges: [{ amountCents: 8000, status: 'succeeded', refundedCents: 3000 }] });
  await booking(
    { reservationDate: '2026-10-22', ...noShow },
    { charges: [{ amountCents: 4000, status: 'failed' }, { amountCents: 6000, status: 'succeeded' }] },
  );
  await booking({ reservationDate: '2026-10-23', ...came }, {});
  await booking({ reservationDate: '2026-10-24', ...came }, {});
  await booking({ reservationDate: '2026-10-25', status: 'cancelled', cancelledBy: 'guest' }, {});
  await booking({ reservationDate: '2026-10-26', ...noShow }, { charges: [{ amountCents: 4000, status: 'requires_authorization' }] });
  await booking({ reservationDate: '2026-10-29' }, {});

  await booking({ reservationDate: '2026-10-21', ...came });
  await booking({ reservationDate: '2026-10-22', ...noShow });
  await booking({ reservationDate: '2026-10-23', ...came });
  await booking({ reservationDate: '2026-10-24', ...came });
  await booking({ reservationDate: '2026-10-24', ...came, source: 'walk_in' });
  await booking({ reservationDate: '2026-10-25', status: 'cancelled', cancelledBy: 'staff' });

  // Outside the range.
  await booking({ reservationDate: '2026-10-19', ...noShow }, { charges: [{ amountCents: 6000, status: 'succeeded', refundedCents: 6000 }] });
  await booking({ reservationDate: '2026-10-31', ...noShow }, { charges: [{ amountCents: 2000, status: 'succeeded' }] });
  await booking({ reservationDate: '2026-10-19', ...noShow });
}

async function statistics(from: string, to: string): Promise<Statistics> {
  const response = await app().request({ method: 'GET', url: `/api/admin/statistics?from=${from}&to=${to}`, cookie: owner() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/admin/statistics: the card guarantee', () => {
  it('sums the succeeded charges of the range, partial refunds included, and splits the no-show rate by card', async () => {
    await seedRange();
    const figures = await statistics('2026-10-20', '2026-10-30');
    expect(figures.guarantee).toEqual<GuaranteeStatistics>({
      guaranteedReservations: 7,
      charges: 2,
      chargedCents: 14_000,
      refundedCents: 3000,
      netCents: 11_000,
      // Reached: the three no-shows and the two that came; the cancelled one and the one on the 29th do not count.
      noShowsWithGuarantee: { count: 3, reached: 5, rate: 0.6 },
      // The walk-in and the cancellation are left out, as in the overall rate.
      noShowsWithoutGuarantee: { count: 1, reached: 4, rate: 0.25 },
    });
    // One definition: the two groups make up the overall rate.
    expect(figures.noShows).toEqual({ count: 4, reached: 9, rate: 0.4444 });
  });

  it('counts only the reservations dated inside the range', async () => {
    await seedRange();
    const figures = await statistics('2026-10-22', '2026-10-23');
    expect(figures.guarantee).toEqual<GuaranteeStatistics>({
      guaranteedReservations: 2,
      charges: 1,
      chargedCents: 6000,
      refundedCents: 0,
      netCents: 6000,
      noShowsWithGuarantee: { count: 1, reached: 2, rate: 0.5 },
      noShowsWithoutGuarantee: { count: 1, reached: 2, rate: 0.5 },
    });

    const edges = await statistics('2026-10-19', '2026-10-19');
    expect(edges.guarantee).toMatchObject({ guaranteedReservations: 1, charges: 1, chargedCents: 6000, refundedCents: 6000, netCents: 0 });
  });

  it('answers zeros and no rates for a range without bookings', async () => {
    await seedRange();
    const figures = await statistics('2026-11-01', '2026-11-30');
    expect(figures.guarantee).toEqual<GuaranteeStatistics>({
      guaranteedReservations: 0,
      charges: 0,
      chargedCents: 0,
      refundedCents: 0,
      netCents: 0,
      noShowsWithGuarantee: { count: 0, reached: 0, rate: null },
      noShowsWithoutGuarantee: { count: 0, reached: 0, rate: null },
    });
  });
});
