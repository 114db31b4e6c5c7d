import pg from 'pg';
import { bookableDates } from '../lib/booking-bodies.ts';
import { runLoad } from '../lib/load.ts';
import { PACED_NOTE } from '../lib/paced-load.ts';
import { below, exactly, measure, skipped, type Measurement } from '../lib/results.ts';
import type { BenchServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import type { BenchTarget } from '../lib/target.ts';

const SCENARIO = "availability 'Por mesas'";
const TABLES = 40;
const COMBINATIONS = 10;
const BOOKINGS = 300;

/**
 * Issue 21's floor: 40 tables in 'Sala' (2, 4 and 6 seats), 10 two-table combinations, and 300 bookings on the
 * measured date, two thirds of them seated and the rest left for the engine to place; the restaurant in 'Por mesas'.
 */
async function seedFloor(databaseUrl: string, date: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO tables (table_number, name, seats, position_x, position_y, zone_id)
       SELECT 1000 + i, 'Bench ' || i, (ARRAY[2, 4, 6])[1 + i % 3], 10 + (i % 10) * 75, 10 + (i / 10) * 75,
              (SELECT id FROM zones ORDER BY position LIMIT 1)
         FROM generate_series(0, $1::int - 1) AS i`,
      [TABLES],
    );
    await client.query(
      `WITH combos AS (
         INSERT INTO table_combinations (min_party, max_party) SELECT 3, 8 FROM generate_series(1, $1::int) RETURNING id
       ), numbered AS (SELECT id, row_number() OVER () - 1 AS n FROM combos)
       INSERT INTO table_combination_tables (combination_id, table_id)
       SELECT numbered.id, tables.id FROM numbered JOIN tables ON tables.table_number IN (1000 + numbered.n * 2, 1001 + numbered.n * 2)`,
      [COMBINATIONS],
    );
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
    await client.query(`UPDATE restaurant_config SET capacity_mode = 'tables'`);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

async function restoreCovers(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`UPDATE restaurant_config SET capacity_mode = 'covers'`).finally(() => client.end());
}

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
