import { exactly, measure, skipped, type Measurement } from '../lib/results.ts';
import { seedFloorTables, setCapacityMode, withBenchClient } from '../lib/floor.ts';
import { startServer, stopServer } from '../lib/server.ts';
import { openTarget } from '../lib/target.ts';
import { benchBooking, type BookingSettings } from './booking.ts';

const SCENARIO = "booking 'Por mesas'";

/**
 * The booking path with assignment (issue 21): the same load as scenario 1 with the restaurant in 'Por mesas' on
 * issue 21's floor, so each request also finds its best table or combination under the date's lock and is seated
 * there; the raw side also commits the booking's table. It runs on its own fresh database and server, so nothing
 * scenario 1 left (its outbox backlog, thousands of bookings) weighs on it. Before the probe, the warm-up and each
 * round every active booking is cancelled, so the floor starts empty and no request is refused for want of a table.
 * PostgreSQL only: the bench cannot write to a server's PGlite directory while the server runs.
 */
export async function benchTableBooking(
  serverUrl: string | undefined,
  settings: Pick<BookingSettings, 'rounds' | 'roundSeconds' | 'ratioFloor'>,
): Promise<Measurement[]> {
  if (!serverUrl) return [skipped(SCENARIO, 'PostgreSQL only: each round starts from an empty floor, cleared in the database')];
  const target = await openTarget(serverUrl);
  const databaseUrl = target.databaseUrl!;
  const server = await startServer({ dataDir: target.tempDir('tables'), databaseUrl });
  const clearFloor = () =>
    withBenchClient(databaseUrl, async (client) => {
      await client.query(`UPDATE reservations SET status = 'cancelled' WHERE status IN ('pending', 'confirmed')`);
    });
  try {
    await withBenchClient(databaseUrl, async (client) => {
      await seedFloorTables(client, 1);
      await setCapacityMode(client, 'tables');
    });
    const booking = await benchBooking(server, target, {
      ...settings,
      scenario: SCENARIO,
      fixedSeconds: 0,
      offeredRate: 0,
      bareInsert: false,
      rawWrites: 'seated-booking-writes',
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
    await stopServer(server);
    await target.dispose();
  }
}
