/**
 * `npx tsx bench/backup-hold.ts [RESERVATIONS]`: how long the nightly backup holds the embedded database. On PGlite the
 * dump's snapshot holds the only connection, so a booking made meanwhile waits for it. A migrated in-memory PGlite is
 * given RESERVATIONS rows (default 20,000: several years of a busy restaurant), then the dump is written to a file
 * three times while a probe runs `select 1` every 5 ms. The script prints the dump's median time, the file size and the
 * probe's longest wait. It measures; nothing here is a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { writeBackupFile } from '../src/server/modules/backups/backup-file.ts';

const count = Number(process.argv[2] ?? 20_000);
const database = await openDatabase({ kind: 'pglite' });
await migrateDatabase(database);
await seedDatabase(database.db);
await database.db.execute(sql`
  insert into reservations (customer_name, customer_phone, customer_email, number_of_people, reservation_date,
                            reservation_time, status, admin_notes, created_at)
  select 'Cliente ' || i || ' García', '+34 6' || lpad((i * 7919 % 100000000)::text, 8, '0'), 'cliente' || i || '@example.com',
         1 + i % 8, current_date - 1500 + i % 1600, time '13:00' + (i % 10) * interval '30 minutes',
         (array['completed','confirmed','cancelled','pending'])[1 + i % 4],
         case when i % 9 = 0 then '[Cliente] Trona para un bebé' end, now() - (i % 3000) * interval '1 hour'
    from generate_series(1, ${count}::int) as i`);

const dir = mkdtempSync(join(tmpdir(), 'mesa-backup-hold-'));
const durations: number[] = [];
let bytes = 0;
let longestWait = 0;
try {
  for (let round = 0; round < 3; round++) {
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const asked = performance.now();
        await database.db.execute(sql`select 1`);
        longestWait = Math.max(longestWait, performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    bytes = (await writeBackupFile(database.db, join(dir, `round-${round}.sql`))).bytes;
    durations.push(performance.now() - started);
    probing = false;
    await probe;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await database.close();
}
const median = [...durations].sort((a, b) => a - b)[1]!;
console.log(
  `${count} reservations on PGlite: dump median ${median.toFixed(0)} ms (runs ${durations.map((d) => d.toFixed(0)).join(', ')} ms), ` +
    `file ${(bytes / 1_000_000).toFixed(1)} MB, longest wait of a concurrent query ${longestWait.toFixed(0)} ms`,
);
