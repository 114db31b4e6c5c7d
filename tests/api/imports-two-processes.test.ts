import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFile, ImportRun } from '@shared/schemas/import.ts';
import { guests } from '../../src/server/db/schema.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { stopServerProcess } from '../support/server-process.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 49 on two server processes sharing one PostgreSQL database: the import's job is one, whichever instance
// runs each batch; the instance running it is killed mid-import, and the other takes it up where it stopped,
// writing no row twice and leaving none out.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const GUESTS = 3000;

describe.skipIf(!onPostgres)('an import that loses its server halfway', () => {
  let two: TwoServers;

  beforeAll(async () => {
    two = await startTwoServers('importacion');
  }, 180_000);
  afterAll(() => two?.stop(), 60_000);

  it('is finished by the other instance, each row once', async () => {
    const [first] = two.servers;
    const lines = ['Nombre;Teléfono;Email'];
    for (let index = 0; index < GUESTS; index++) lines.push(`Cliente ${index};6${String(index).padStart(8, '0')};cliente-${index}@example.com`);
    const response = await fetch(`${first.url}/api/admin/imports/files?name=agenda.csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', origin: first.url, 'x-forwarded-for': two.freshIp(), cookie: two.cookies[0] },
      body: lines.join('\n'),
    });
    expect(response.status).toBe(201);
    const file = (await response.json()) as ImportFile;
    const checked = await two.admin(0, 'POST', `/imports/${file.id}/dry-run`, { kind: 'guests', mapping: file.mapping, lawfulBasis: 'contract' });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const started = await two.admin(0, 'POST', `/imports/${file.id}/start`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);

    const cursor = async () => (await rowsOf<{ next_row: number }>(two.database.handle.db, sql`select next_row from imports where id = ${file.id}`))[0]!.next_row;
    await waitFor(async () => (await cursor()) > 0, { timeoutMs: 30_000, what: 'a first batch' });
    await stopServerProcess(first, 'SIGKILL');
    expect(await cursor()).toBeLessThan(GUESTS);

    // The survivor takes it up at its next minute's tick at the latest.
    const done = await waitFor(
      async () => {
        const run = await two.admin(1, 'GET', `/imports/${file.id}`);
        return (run.body as ImportRun).status === 'done' ? (run.body as ImportRun) : undefined;
      },
      { timeoutMs: 100_000, intervalMs: 500, what: 'the import finished by the other instance' },
    );
    expect(done.counts).toEqual({ create: GUESTS, merge: 0, duplicate: 0, refused: 0 });
    expect(done.processedRows).toBe(GUESTS);
    const imported = await two.database.handle.db.select({ email: guests.email }).from(guests).where(eq(guests.importId, file.id));
    expect(imported).toHaveLength(GUESTS);
    expect(new Set(imported.map((guest) => guest.email)).size).toBe(GUESTS);
  }, 180_000);
});
