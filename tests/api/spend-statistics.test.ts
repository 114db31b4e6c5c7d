import { beforeEach, describe, expect, it } from 'vitest';
import type { SpendStatistics, Statistics } from '@shared/schemas/statistics.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { insertReservations } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 47, item 3: Estadísticas › 'Ticket medio', from the bills of the range's visits.
const suite = useApiSuite();

beforeEach(async () => {
  await suite.db().delete(reservations);
});

async function spend(from: string, to: string): Promise<SpendStatistics> {
  const response = await suite.api('GET', `/statistics?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Statistics>().spend;
}

describe("GET /api/admin/statistics: 'Ticket medio'", () => {
  it('averages the bills of the visits that have one, per visit and per person, and counts them', async () => {
    const came = { status: 'confirmed' as const, arrivalStatus: 'arrived' as const };
    await insertReservations(suite.db(), [
      // Visits with a bill: 45,50 € for 2, 120 € for 4, 0 € for 1 (invited).
      { reservationDate: '2026-10-21', numberOfPeople: 2, billCents: 4550, ...came },
      { reservationDate: '2026-10-22', numberOfPeople: 4, billCents: 12_000, status: 'completed' },
      { reservationDate: '2026-10-23', numberOfPeople: 1, billCents: 0, ...came },
      // A visit without one.
      { reservationDate: '2026-10-23', numberOfPeople: 6, ...came },
      // Not visits, whatever their bill: cancelled, a no-show, not come yet.
      { reservationDate: '2026-10-24', billCents: 99_999, status: 'cancelled', arrivalStatus: 'arrived', cancelledBy: 'staff' },
      { reservationDate: '2026-10-24', billCents: 99_999, status: 'confirmed', arrivalStatus: 'no_show' },
      { reservationDate: '2026-10-25', status: 'confirmed' },
      // Outside the range.
      { reservationDate: '2026-10-19', numberOfPeople: 2, billCents: 99_999, ...came },
    ]);
    expect(await spend('2026-10-20', '2026-10-30')).toEqual<SpendStatistics>({
      visits: 4,
      billedVisits: 3,
      // (4550 + 12000 + 0) / 3 = 5516.67; 16550 / 7 people = 2364.29.
      averageCents: 5517,
      averagePerPersonCents: 2364,
    });
  });

  it('sums past 2^31 cents without overflowing', async () => {
    const rows = Array.from({ length: 250 }, () => ({ reservationDate: '2026-10-21', numberOfPeople: 2, billCents: 10_000_000, status: 'completed' as const }));
    await insertReservations(suite.db(), rows);
    expect(await spend('2026-10-21', '2026-10-21')).toEqual<SpendStatistics>({ visits: 250, billedVisits: 250, averageCents: 10_000_000, averagePerPersonCents: 5_000_000 });
  });

  it('answers null averages when no visit has a bill', async () => {
    await insertReservations(suite.db(), [{ reservationDate: '2026-10-22', status: 'completed' }]);
    expect(await spend('2026-10-20', '2026-10-30')).toEqual<SpendStatistics>({ visits: 1, billedVisits: 0, averageCents: null, averagePerPersonCents: null });
  });
});
