// Starts its own apps: two server processes on PostgreSQL, one in-process app on PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../src/server/db/schema.ts';
import type { Database } from '../../src/server/db/client.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { freshAddress, openDayNextWeek } from '../support/bookings.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { signInTo } from '../support/server-sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { configure, insertReservations } from '../support/factories.ts';

// Decision 017 under load: 100 concurrent requests (new bookings, guests' change requests and staff confirming
// changes) on one date never leave more covers than the maxima, counted as the kitchen will once staff have decided
// every request. On PostgreSQL the requests are spread over two server processes; on PGlite one instance takes all.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = 'correct-horse-battery-staple-42';
const ADMIN_EMAIL = 'ritmo@example.com';
const MAX_SLOT = 16;
const MAX_DAY = 80;
const TIMES = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30'];
const ORIGINALS = 20;

interface Answer {
  status: number;
  body: { id?: string } | undefined;
}
type Send = (index: number, method: 'POST' | 'PATCH', url: string, payload: object, asStaff?: boolean) => Promise<Answer>;

let database: TestDatabase | undefined;
let app: TestApp | undefined;
let dataDir: string | undefined;
const servers: ServerProcess[] = [];
let db: Database;
let send: Send;

const signIn = (server: ServerProcess) =>
  signInTo(server, { email: ADMIN_EMAIL, password: PASSWORD }, { 'x-forwarded-for': freshAddress() });

beforeAll(async () => {
  if (onPostgres) {
    database = await createTestDatabase();
    db = database.handle.db;
    await upsertAdmin(db, ADMIN_EMAIL, PASSWORD);
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-change-requests-'));
    const start = (name: string) =>
      startServerProcess({
        DATABASE_URL: database!.url!,
        DATA_DIR: join(dataDir!, name),
        SESSION_SECRET: 'change-requests-share-this-session-secret-0123456789',
        // Each request comes from an address of its own, as guests do, so the per-IP limits stay out of the way.
        TRUST_PROXY: 'true',
      });
    servers.push(...(await Promise.all([start('first'), start('second')])));
    const cookies = await Promise.all(servers.map(signIn));
    send = async (index, method, url, payload, asStaff = false) => {
      const server = servers[index % 2]!;
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          'x-forwarded-for': freshAddress(),
          ...(asStaff ? { cookie: cookies[index % 2]! } : {}),
        },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json().catch(() => undefined)) as Answer['body'] };
    };
  } else {
    app = await createTestApp();
    db = app.instance.database.db;
    const cookie = await app.signIn();
    send = async (_index, method, url, payload, asStaff = false) => {
      const response = await app!.request({ method, url, payload, remoteAddress: freshAddress(), ...(asStaff ? { cookie } : {}) });
      return { status: response.statusCode, body: response.json() };
    };
  }
  await configure(db, { maxCoversPerSlot: MAX_SLOT, maxCoversPerDay: MAX_DAY, autoConfirmationEnabled: false });
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopServerProcess(server)));
  await app?.close();
  await database?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const pick = <T>(items: readonly T[], index: number) => items[index % items.length]!;

/** Every reservation of the date, with what the kitchen will serve counted per time and for the day. */
async function covers(date: string) {
  const rows = await db.select().from(reservations).where(eq(reservations.reservationDate, date));
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Decision 017's rule, written again here: a pending change request at its active original's time adds only its extra people.
  const held = (row: (typeof rows)[number]) => {
    const original = row.previousReservationId ? byId.get(row.previousReservationId) : undefined;
    const pairs = row.status === 'pending' && original && ['pending', 'confirmed'].includes(original.status);
    return pairs && original.reservationTime === row.reservationTime ? Math.max(0, row.numberOfPeople - original.numberOfPeople) : row.numberOfPeople;
  };
  const live = rows.filter((row) => row.status !== 'cancelled');
  const perTime = (count: (row: (typeof rows)[number]) => number) =>
    Object.fromEntries(TIMES.map((time) => [time, live.filter((row) => row.reservationTime === time).reduce((sum, row) => sum + count(row), 0)]));
  const heldPerTime = perTime(held);
  const rawPerTime = perTime((row) => row.numberOfPeople);
  const sum = (perSlot: Record<string, number>) => Object.values(perSlot).reduce((total, value) => total + value, 0);
  return { rows, heldPerTime, heldDay: sum(heldPerTime), rawPerTime, rawDay: sum(rawPerTime) };
}

describe(`change requests, bookings and confirmations at once (${onPostgres ? 'two processes on PostgreSQL' : 'PGlite'})`, () => {
  it('never leave a slot or the day over its maximum, before or after staff decide', async () => {
    const date = openDayNextWeek();
    const originals = await insertReservations(
      db,
      Array.from({ length: ORIGINALS }, (_, index) => ({
        customerName: 'Invitada Original',
        customerPhone: '+34 600 123 456',
        customerEmail: `original-${index}-${randomUUID().slice(0, 8)}@example.com`,
        reservationDate: date,
        reservationTime: pick(TIMES, index),
        status: 'confirmed' as const,
      })),
    );
    const tokens = await Promise.all(originals.map((row) => issueSelfServiceToken(db, row.id, new Date())));
    const change = (index: number, token: string, people: number) =>
      send(index, 'POST', `/api/public/guest-reservations/${token}/change-request`, {
        reservationDate: date,
        reservationTime: pick(TIMES, index * 7 + people),
        numberOfPeople: people,
      });

    // One pending change per original to start with, made one at a time; some are already refused for pacing.
    const pending: string[] = [];
    for (const [index, token] of tokens.entries()) {
      const answer = await change(index, token, 1 + (index % 3));
      expect([201, 409]).toContain(answer.status);
      if (answer.status === 201) pending.push(answer.body!.id!);
    }
    expect(pending.length).toBeGreaterThan(5);

    const burst = Array.from({ length: 100 }, (_, index): Promise<Answer> => {
      if (index % 5 === 0) return send(index, 'PATCH', `/api/admin/reservations/${pick(pending, index / 5)}/status`, { status: 'confirmed' }, true);
      if (index % 5 === 1 || index % 5 === 3) return change(index, pick(tokens, index * 3), 1 + (index % 4));
      return send(index, 'POST', '/api/public/reservations', {
        id: randomUUID(),
        customerName: 'Invitada Nueva',
        customerPhone: '+34 600 123 456',
        customerEmail: `new-${index}-${randomUUID().slice(0, 8)}@example.com`,
        numberOfPeople: 1 + (index % 4),
        reservationDate: date,
        reservationTime: pick(TIMES, index),
        specialRequirement: '',
        privacyConsent: true,
      });
    });
    const answers = await Promise.all(burst);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => ![200, 201, 409].includes(status))).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);

    const during = await covers(date);
    for (const time of TIMES) expect(during.heldPerTime[time]).toBeLessThanOrEqual(MAX_SLOT);
    expect(during.heldDay).toBeLessThanOrEqual(MAX_DAY);
    // A party has at most one pending change request.
    const pendingChanges = during.rows.filter((row) => row.status === 'pending' && row.previousReservationId);
    expect(new Set(pendingChanges.map((row) => row.previousReservationId)).size).toBe(pendingChanges.length);

    // Staff decide every request left, alternately confirming and rejecting: what remains is what the kitchen serves.
    for (const [index, row] of pendingChanges.entries()) {
      const decision = index % 2 === 0 ? { status: 'confirmed' } : { status: 'cancelled', reason: 'Sin sitio' };
      expect((await send(index, 'PATCH', `/api/admin/reservations/${row.id}/status`, decision, true)).status).toBe(200);
    }
    const decided = await covers(date);
    for (const time of TIMES) expect(decided.rawPerTime[time]).toBeLessThanOrEqual(MAX_SLOT);
    expect(decided.rawDay).toBeLessThanOrEqual(MAX_DAY);
    expect(decided.rows.filter((row) => row.status === 'confirmed' && row.previousReservationId).length).toBeGreaterThan(0);
  }, 180_000);
});
