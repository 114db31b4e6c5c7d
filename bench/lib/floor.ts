import pg from 'pg';

/** Issue 21's bench floor: 40 tables in the first zone (2, 4 and 6 seats) and 10 two-table combinations for 3-8. */
export const FLOOR_TABLES = 40;
export const FLOOR_COMBINATIONS = 10;

/** Runs `work` on one connection to the bench database, in a transaction. */
export async function withBenchClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } finally {
    await client.end();
  }
}

/** The floor's tables numbered from `firstNumber`, and its combinations of neighbouring tables. */
export async function seedFloorTables(client: pg.Client, firstNumber: number): Promise<void> {
  await client.query(
    `INSERT INTO tables (table_number, name, seats, position_x, position_y, zone_id)
     SELECT $2::int + i, 'Bench ' || ($2::int + i), (ARRAY[2, 4, 6])[1 + i % 3], 10 + (i % 10) * 75, 10 + (i / 10) * 75,
            (SELECT id FROM zones ORDER BY position LIMIT 1)
       FROM generate_series(0, $1::int - 1) AS i`,
    [FLOOR_TABLES, firstNumber],
  );
  await client.query(
    `WITH combos AS (
       INSERT INTO table_combinations (min_party, max_party) SELECT 3, 8 FROM generate_series(1, $1::int) RETURNING id
     ), numbered AS (SELECT id, row_number() OVER () - 1 AS n FROM combos)
     INSERT INTO table_combination_tables (combination_id, table_id)
     SELECT numbered.id, tables.id FROM numbered JOIN tables ON tables.table_number IN ($2::int + numbered.n * 2, $2::int + 1 + numbered.n * 2)`,
    [FLOOR_COMBINATIONS, firstNumber],
  );
}

export const setCapacityMode = (client: pg.Client, mode: 'covers' | 'tables') =>
  client.query(`UPDATE restaurant_config SET capacity_mode = $1`, [mode]);
