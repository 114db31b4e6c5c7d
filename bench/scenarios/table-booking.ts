import { exactly, measure, skipped, type Measurement } from '../lib/results.ts';
import { seedFloorTables, setCapacityMode, withBenchClient } from '../lib/floor.ts';
import type { BenchServer } from '../lib/server.ts';
import type { BenchTarget } from '../lib/target.ts';
import { benchBooking, type BookingSettings } from './booking.ts';

const SCENARIO = "booking 'Por mesas'";
const FIRST_TABLE = 2000;

/**
 * The booking path with assignment (issue 21): the same load as scenario 1 with the restaurant in 'Por mesas' on
 * issue 21's floor, so each request also finds its best table or combination under the date's lock and is seated
 * there. Before the probe, the warm-up and each round every active booking is cancelled, so the floor starts empty and no
 * request is refused for want of a table (earlier scenarios leave thousands of bookings without tables, which the
 * engine would otherwise place first). PostgreSQL only: the bench cannot write to the server's PGlite directory.
 */
export async function benchTableBooking(
  server: BenchServer,
  target: BenchTarget,
  settings: Pick<BookingSettings, 'rounds' | 'roundSeconds' | 'ratioFloor'>,
): Promise<Measurement[]> {
  const databaseUrl = target.databaseUrl;
  if (!databaseUrl) return [skipped(SCENARIO, 'PostgreSQL only: each round starts from an empty floor, cleared in the database')];
  await withBenchClient(databaseUrl, async (client) => {
    await seedFloorTables(client, FIRST_TABLE);
    await setCapacityMode(client, 'tables');
  });
  const clearFloor = () =>
    withBenchClient(databaseUrl, async (client) => {
      await client.query(`UPDATE reservations SET status = 'cancelled' WHERE status IN ('pending', 'confirmed')`);
    });
  try {
    await clearFloor();
    const booking = await benchBooking(server, target, {
      ...settings,
      scenario: SCENARIO,
      fixedSeconds: 0,
      offeredRate: 0,
      bareInsert: false,
      beforeRound: clearFloor,
    });
    const unseated = await withBenchClient(databaseUrl, async (client) => {
      const result = await client.query<{ count: string }>(
        `SELECT count(*) FROM reservations r
          WHERE r.status IN ('pending', 'confirmed') AND NOT EXISTS (SELECT 1 FROM reservation_tables t WHERE t.reservation_id = r.id)`,
      );
      return Number(result.rows[0]!.count);
    });
    return [...booking.measurements, measure(SCENARIO, 'bookings of the last round left without a table', unseated, '', exactly(0))];
  } finally {
    await withBenchClient(databaseUrl, async (client) => {
      await clearFloor();
      await client.query(
        `DELETE FROM table_combinations WHERE id IN
           (SELECT combination_id FROM table_combination_tables JOIN tables ON tables.id = table_id WHERE table_number >= $1)`,
        [FIRST_TABLE],
      );
      await client.query(`DELETE FROM tables WHERE table_number >= $1`, [FIRST_TABLE]);
      await setCapacityMode(client, 'covers');
    });
  }
}
