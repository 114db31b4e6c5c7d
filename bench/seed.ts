import pg from 'pg';

/**
 * Adds `count` reservations to a PostgreSQL database in one INSERT … SELECT generate_series: ten years of past
 * service and the 90-day public window (about 270 rows a day for a million), mixed names, statuses and arrival
 * states. The secondary indexes are dropped for the load and rebuilt from their own definitions afterwards (much
 * faster than maintaining three trigram GIN indexes row by row), then the table is vacuumed and analysed.
 */
export async function seedReservations(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'reservations' AND indexname <> 'reservations_pkey'`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${pg.escapeIdentifier(index.name)}`);
    await client.query(
      `INSERT INTO reservations (id, customer_name, customer_phone, customer_email, number_of_people, reservation_date,
                                 reservation_time, status, arrival_status, source, admin_notes, created_at, updated_at)
       SELECT gen_random_uuid(),
              first_names[1 + i % 20] || ' ' || last_names[1 + (i / 20) % 25] || ' ' || last_names[1 + (i / 500) % 25],
              '+34 6' || lpad((i::bigint * 7919 % 100000000)::text, 8, '0'),
              lower(first_names[1 + i % 20]) || '.' || i || '@example.com',
              1 + i % 8,
              day,
              time '13:00' + (i % 10) * interval '30 minutes',
              CASE WHEN day < current_date
                   THEN (ARRAY['completed','completed','completed','completed','completed','completed','cancelled','cancelled','confirmed','completed'])[1 + i % 10]
                   ELSE (ARRAY['pending','confirmed'])[1 + i % 2] END,
              CASE WHEN day < current_date
                   THEN (ARRAY['arrived','arrived','arrived','arrived','arrived','arrived','no_show','delayed','pending','arrived'])[1 + (i / 10) % 10]
                   ELSE 'pending' END,
              (ARRAY['public','public','public','admin'])[1 + i % 4],
              CASE WHEN i % 9 = 0 THEN '[Cliente] Trona para un bebé' END,
              day - (1 + i % 30) * interval '1 day' + (i % 86400) * interval '1 second',
              now()
         FROM generate_series(1, $1::int) AS i,
              LATERAL (SELECT current_date - 3650 + (i % 3740) AS day) AS d,
              (SELECT ARRAY['Lucía','Hugo','Martina','Mateo','Sofía','Leo','María','Pablo','Julia','Daniel','Paula','Álvaro',
                            'Valeria','Manuel','Carmen','Javier','Elena','Diego','Noa','Adrián'] AS first_names,
                      ARRAY['García','Rodríguez','González','Fernández','López','Martínez','Sánchez','Pérez','Gómez','Martín',
                            'Jiménez','Ruiz','Hernández','Díaz','Moreno','Muñoz','Álvarez','Romero','Alonso','Gutiérrez',
                            'Navarro','Torres','Domínguez','Vázquez','Ramos'] AS last_names) AS words`,
      [count],
    );
    for (const index of indexes) await client.query(index.definition);
    // VACUUM as autovacuum would after such a load: index-only scans need the visibility map.
    await client.query('VACUUM ANALYZE reservations');
  } finally {
    await client.end();
  }
}

/**
 * Issue 47: `count` guests, each reservation given to one of them in turn (about ten bookings a guest for a million),
 * a fiftieth tagged 'VIP'; then their profile figures computed once, as migration 0041 does, instead of row by row
 * through the trigger during the load.
 */
export async function seedGuests(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query(`CREATE TEMP TABLE bench_guests AS
      SELECT g AS n, gen_random_uuid() AS id FROM generate_series(0, $1::int - 1) AS g`, [count]);
    await client.query(`INSERT INTO guests (id, email, phone, tags)
      SELECT id, 'cliente.' || n || '@example.com', '6' || lpad((n::bigint * 7919 % 100000000)::text, 8, '0'),
             CASE WHEN n % 50 = 0 THEN ARRAY['VIP'] ELSE '{}'::text[] END
        FROM bench_guests`);
    await client.query('ALTER TABLE reservations DISABLE TRIGGER reservations_guest_stats_changes');
    await client.query(`UPDATE reservations AS r SET guest_id = g.id
      FROM (SELECT id, row_number() OVER () AS rn FROM reservations) AS numbered
      JOIN bench_guests AS g ON g.n = numbered.rn % $1
      WHERE r.id = numbered.id`, [count]);
    await client.query('ALTER TABLE reservations ENABLE TRIGGER reservations_guest_stats_changes');
    await client.query('SELECT guest_stats_refresh(id) FROM guests');
    await client.query('VACUUM ANALYZE reservations');
    await client.query('VACUUM ANALYZE guests');
  } finally {
    await client.end();
  }
}
