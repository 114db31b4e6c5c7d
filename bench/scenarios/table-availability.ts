import { bookableDates } from '../lib/booking-bodies.ts';
import { FLOOR_COMBINATIONS, FLOOR_TABLES, seedFloorTables, setCapacityMode, withBenchClient } from '../lib/floor.ts';
import { runLoad } from '../lib/load.ts';
import { PACED_NOTE } from '../lib/paced-load.ts';
import { below, exactly, measure, skipped, type Measurement } from '../lib/results.ts';
import type { BenchServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import type { BenchTarget } from '../lib/target.ts';

const SCENARIO = "availability 'Por mesas'";
const BOOKINGS = 300;
const TABLES = FLOOR_TABLES;
const COMBINATIONS = FLOOR_COMBINATIONS;

/**
 * Issue 21's floor (bench/lib/floor.ts) and 300 bookings on the measured date, two thirds of them seated and the
 * rest left for the engine to place; the restaurant in 'Por mesas'.
 */
const seedFloor = (databaseUrl: string, date: string) =>
  withBenchClient(databaseUrl, async (client) => {
    await seedFloorTables(client, 1000);
    await client.query(
      `WITH booked AS (
         INSERT INTO reservations (customer_name, customer_phone, customer_email, number_of_people, reservation_date,
                                   reservation_time, status)
         SELECT 'Bench ' || i, '+34 600 000 000', 'bench-' || i || '@example.com', 1 + i % 6, $1::date,
                time '13:00' + (i % 6) * interval '30 minutes', (ARRAY['pending', 'confirmed'])[1 + i % 2]
           FROM generate_series(0, $2::int - 1) AS i
         RETURNING id, customer_name
       )
       INSERT INTO reservation_tables (reservation_id, table_id)
       SELECT booked.id, tables.id
         FROM booked JOIN tables ON tables.table_number = 1000 + (substr(booked.customer_name, 7)::int % $3::int)
        WHERE substr(booked.customer_name, 7)::int % 3 <> 0`,
      [date, BOOKINGS, TABLES],
    );
    await setCapacityMode(client, 'tables');
  });

const restoreCovers = (databaseUrl: string) => withBenchClient(databaseUrl, (client) => setCapacityMode(client, 'covers'));

/** GET /api/public/availability?date=… on that floor: every slot asks the engine for each party size. */
export async function benchTableAvailability(server: BenchServer, target: BenchTarget, durationSeconds: number, offeredRate: number): Promise<Measurement[]> {
  if (!target.databaseUrl) return [skipped(SCENARIO, 'PostgreSQL only, as issue 21 sets the goal: run with DATABASE_URL')];
  const date = bookableDates()[10]!;
  await seedFloor(target.databaseUrl, date);
  try {
    const path = `/api/public/availability?date=${date}`;
    const saturated = await runLoad({ url: server.url, path, connections: 10, durationSeconds });
    const fixed = await runLoad({ url: server.url, path, connections: 20, durationSeconds, overallRate: offeredRate });
    return [
      measure(SCENARIO, 'saturated (10 connections)', round(saturated.okPerSecond), 'req/s', undefined,
        `${TABLES} tables, ${COMBINATIONS} combinations, ${BOOKINGS} bookings that day; p50 ${saturated.p50Ms} ms, p99 ${saturated.p99Ms} ms`),
      measure(SCENARIO, `p99 at ${offeredRate} req/s`, fixed.p99Ms, 'ms', below(10), PACED_NOTE),
      measure(SCENARIO, 'errors + non-2xx', saturated.errors + saturated.non2xx + fixed.errors + fixed.non2xx, '', exactly(0)),
    ];
  } finally {
    await restoreCovers(target.databaseUrl);
  }
}
