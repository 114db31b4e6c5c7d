import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backupRuns, jobRuns, reservations } from '../../src/server/db/schema.ts';
import { BACKUP_TRAILER, restoreBackup, tablesInDependencyOrder } from '../../src/server/modules/backups/backup.ts';
import { NIGHTLY_BACKUP_JOB } from '../../src/server/modules/backups/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { insertReservation } from '../support/factories.ts';

// The nightly backup inside the running server (issue 17, item 11), ticked with a frozen clock. Tuesday 24 November
// 2026: Madrid is on CET (UTC+1), so 04:00 in Madrid is 03:00Z.
const clock = new ManualClock('2026-11-24T02:59:00Z');
const GUEST = "Núria O'Brien";
const DAY_MS = 24 * 60 * 60_000;

const { app, db } = useApiSuite({ owner: false, clock });
const backups = () => join(app().dataDir, 'backups');
const nightlyFiles = () => readdirSync(backups()).filter((name) => name.startsWith('mesa-nightly-')).sort();
const runs = () => db().select().from(backupRuns).orderBy(asc(backupRuns.startedAt));
const tickAt = async (at: string | Date) => {
  clock.set(at);
  await app().instance.scheduler.tick();
};

beforeAll(async () => {
  await insertReservation(db(), {
    customerName: GUEST,
    numberOfPeople: 3,
    reservationDate: '2026-11-28',
    reservationTime: '21:00',
    status: 'confirmed',
  });
});

describe('the nightly backup', () => {
  it('takes nothing before 04:00 in Madrid, then one consistent file at 04:00, recorded with its size and instance', async () => {
    await tickAt('2026-11-24T02:59:00Z'); // 03:59 in Madrid
    expect(existsSync(backups())).toBe(false);
    expect(await runs()).toEqual([]);

    await tickAt('2026-11-24T03:00:00Z');
    expect(nightlyFiles()).toEqual(['mesa-nightly-2026-11-24.sql']);
    const file = join(backups(), 'mesa-nightly-2026-11-24.sql');
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('-- mesa-backup-format: 1');
    expect(lines.at(-1)).toBe(BACKUP_TRAILER);
    expect(lines.some((line) => line.startsWith('INSERT INTO "public"."reservations"') && line.includes("Núria O''Brien"))).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const [run, ...others] = await runs();
    expect(others).toEqual([]);
    expect(run).toMatchObject({
      scheduledFor: new Date('2026-11-23T23:00:00Z'), // midnight of the Madrid day
      startedAt: new Date('2026-11-24T03:00:00Z'),
      finishedAt: new Date('2026-11-24T03:00:00Z'),
      fileName: 'mesa-nightly-2026-11-24.sql',
      sizeBytes: statSync(file).size,
      error: null,
      instance: `${hostname()}:0`,
    });
    const [claim] = await db().select().from(jobRuns).where(eq(jobRuns.jobName, 'nightly-backup'));
    expect(claim).toMatchObject({ claimedBy: app().instance.id, error: null });
    expect(claim!.finishedAt).not.toBeNull();

    // Later ticks the same day, and a restart's first tick, find the day taken.
    for (const at of ['2026-11-24T03:01:00Z', '2026-11-24T12:00:00Z', '2026-11-24T22:59:00Z']) await tickAt(at);
    expect(await runs()).toHaveLength(1);
    expect(nightlyFiles()).toHaveLength(1);
  });

  it('restores into an empty database', async () => {
    const target = await createTestDatabase();
    try {
      const tables = await tablesInDependencyOrder(target.handle.db);
      await target.handle.db.execute(sql.raw(`truncate ${tables.map((table) => `public."${table}"`).join(', ')} restart identity`));
      const lines = readFileSync(join(backups(), 'mesa-nightly-2026-11-24.sql'), 'utf8').split('\n');
      await restoreBackup(target.handle.db, lines);
      const restored = await target.handle.db.select().from(reservations);
      expect(restored.map((row) => row.customerName)).toEqual([GUEST]);
    } finally {
      await target.destroy();
    }
  });

  it('keeps the last 14 nightly files and leaves other files in the directory alone', async () => {
    writeFileSync(join(backups(), 'mesa-2026-11-01T10-00-00-000Z.sql'), '-- taken by npm run backup\n');
    // 17 nights in all, the server down on one of them (no file that day).
    for (let night = 1; night <= 17; night++) {
      if (night === 9) continue;
      await tickAt(new Date(Date.parse('2026-11-24T03:30:00Z') + night * DAY_MS));
    }
    const kept = nightlyFiles();
    expect(kept).toHaveLength(14);
    expect(kept[0]).toBe('mesa-nightly-2026-11-27.sql'); // 17 nights written: the 3 oldest are gone
    expect(kept.at(-1)).toBe('mesa-nightly-2026-12-11.sql');
    expect(kept).not.toContain('mesa-nightly-2026-12-03.sql');
    expect(existsSync(join(backups(), 'mesa-2026-11-01T10-00-00-000Z.sql'))).toBe(true);
    // Every run stays on record; the files of the oldest are gone.
    expect(await runs()).toHaveLength(17);
  });

  it('records a failure with its error, and Seguridad reads it as the last backup', async () => {
    // The directory cannot be created: a file stands where it should be.
    const moved = `${backups()}-moved`;
    renameSync(backups(), moved);
    writeFileSync(backups(), 'not a directory');
    try {
      await tickAt('2026-12-12T05:00:00Z');
    } finally {
      rmSync(backups());
      renameSync(moved, backups());
    }
    const last = (await runs()).at(-1)!;
    expect(last.fileName).toBe('mesa-nightly-2026-12-12.sql');
    expect(last.error).toMatch(/EEXIST|ENOTDIR/);
    expect(last.sizeBytes).toBeNull();
    const [claim] = await db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.jobName, NIGHTLY_BACKUP_JOB), eq(jobRuns.scheduledFor, new Date('2026-12-11T23:00:00Z'))));
    expect(claim!.error).toMatch(/EEXIST|ENOTDIR/);

    const cookie = await app().signIn();
    const status = await app().request({ method: 'GET', url: '/api/admin/backups', cookie });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      latest: {
        startedAt: '2026-12-12T05:00:00.000Z',
        finishedAt: '2026-12-12T05:00:00.000Z',
        fileName: 'mesa-nightly-2026-12-12.sql',
        sizeBytes: null,
        error: last.error,
        instance: `${hostname()}:0`,
      },
      schedule: { hour: 4, keep: 14 },
    });
  });
});

describe('downloading a backup from Seguridad', () => {
  it('answers a fresh dump to an admin, as an uncached attachment, and leaves no file behind', async () => {
    clock.set('2026-12-12T09:05:00Z');
    const before = readdirSync(backups()).sort();
    const cookie = await app().signIn();
    const response = await app().request({ method: 'GET', url: '/api/admin/backups/download', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/sql; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="mesa-2026-12-12-1005.sql"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const lines = response.body.trimEnd().split('\n');
    expect(lines[0]).toBe('-- mesa-backup-format: 1');
    expect(lines.at(-1)).toBe(BACKUP_TRAILER);
    // Up to this moment: it holds the failed run recorded a minute before.
    expect(response.body).toContain('mesa-nightly-2026-12-12.sql');
    expect(readdirSync(backups()).sort()).toEqual(before);
  });

  it('refuses anyone without a session (401) and staff without the admin role (403)', async () => {
    const anonymous = await app().request({ method: 'GET', url: '/api/admin/backups/download' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('INSERT');
    const staff = await app().signIn({ roles: [] });
    const forbidden = await app().request({ method: 'GET', url: '/api/admin/backups/download', cookie: staff });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).not.toContain('INSERT');
    expect((await app().request({ method: 'GET', url: '/api/admin/backups', cookie: staff })).statusCode).toBe(403);
  });
});

describe('BACKUP_HOUR', () => {
  it('takes the backup at the configured hour, and none when off', async () => {
    const night = new ManualClock('2026-11-24T21:59:00Z'); // 22:59 in Madrid
    const late = await createTestApp({ clock: night, env: { BACKUP_HOUR: '23' } });
    const off = await createTestApp({ clock: night, env: { BACKUP_HOUR: 'off' } });
    const files = (other: TestApp) => (existsSync(join(other.dataDir, 'backups')) ? readdirSync(join(other.dataDir, 'backups')) : []);
    try {
      await late.instance.scheduler.tick();
      expect(files(late)).toEqual([]);
      night.set('2026-11-24T22:00:00Z');
      for (const other of [late, off]) await other.instance.scheduler.tick();
      expect(files(late)).toEqual(['mesa-nightly-2026-11-24.sql']);
      expect(files(off)).toEqual([]);
    } finally {
      await late.close();
      await off.close();
    }
  });
});
