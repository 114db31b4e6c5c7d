import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, reservationChanges, reservations } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { insertReservation } from '../support/factories.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { signInTo } from '../support/server-sign-in.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// Issue 19: two staff block the same day and cancel its bookings at once, through two server processes on one
// PostgreSQL database. Every booking is cancelled once and its guest emailed once: the row locks order the two
// transactions, and the second finds each booking cancelled already. PGlite is one process by design.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = 'correct-horse-battery-staple-42';
const ADMIN_EMAIL = 'cierres@example.com';
const BOOKINGS = 12;
const ROUNDS = 4;

let database: TestDatabase;
let dataDir: string;
const servers: ServerProcess[] = [];
const cookies: string[] = [];
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function blockDay(instance: number, date: string, reason: string): Promise<number> {
  const server = servers[instance]!;
  const response = await fetch(`${server.url}/api/admin/blocked-days?cancelReason=${encodeURIComponent(reason)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': freshIp(), cookie: cookies[instance]! },
    body: JSON.stringify({ date }),
  });
  return response.status;
}

describe.skipIf(!onPostgres)('cancelling a blocked day on two server processes at once', () => {
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    await upsertAdmin(db(), ADMIN_EMAIL, PASSWORD);
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-closure-two-'));
    const start = (name: string) =>
      startServerProcess({ DATABASE_URL: database.url!, DATA_DIR: join(dataDir, name), SESSION_SECRET: 'closure-two-instances-secret-0123456789abcdef', TRUST_PROXY: 'true' });
    servers.push(...(await Promise.all([start('first'), start('second')])));
    cookies.push(
      ...(await Promise.all(servers.map((server) => signInTo(server, { email: ADMIN_EMAIL, password: PASSWORD }, { 'x-forwarded-for': freshIp() })))),
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server)));
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('cancels each booking once and emails each guest once', { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // A different open day each round, a week apart.
      const date = new Date(Date.parse(`${openDayNextWeek()}T12:00:00Z`) + round * 7 * 86_400_000).toISOString().slice(0, 10);
      const ids: string[] = [];
      for (let index = 0; index < BOOKINGS; index++) {
        const row = await insertReservation(db(), {
          customerName: `Cliente ${String.fromCharCode(65 + index)}`,
          customerEmail: `${randomUUID().slice(0, 8)}@example.com`,
          reservationDate: date,
          reservationTime: index % 2 ? '13:00' : '15:30',
          status: index % 3 ? 'confirmed' : 'pending',
        });
        ids.push(row.id);
      }
      const answers = await Promise.all([blockDay(0, date, 'Avería en cocina'), blockDay(1, date, 'Avería en cocina')]);
      expect(answers).toEqual([201, 201]);

      const rows = await db().select().from(reservations).where(inArray(reservations.id, ids));
      expect(rows.every((row) => row.status === 'cancelled' && row.cancellationReason === 'Avería en cocina')).toBe(true);
      const emails = await db().select().from(emailOutbox).where(inArray(emailOutbox.reservationId, ids));
      expect(emails.map((email) => email.kind)).toEqual(Array(BOOKINGS).fill('reservation_cancelled'));
      expect(new Set(emails.map((email) => email.reservationId)).size).toBe(BOOKINGS);
      const lines = await db().select().from(reservationChanges).where(inArray(reservationChanges.reservationId, ids));
      expect(lines).toHaveLength(BOOKINGS);
      expect(lines.every((line) => line.action === 'status')).toBe(true);
    }
  });
});
