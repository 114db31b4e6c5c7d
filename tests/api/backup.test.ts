import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { BACKUP_TRAILER, restoreBackup, tablesInDependencyOrder, writeBackup } from '../../src/server/modules/backups/backup.ts';
import { databaseUrlFor, randomDatabaseName } from '../support/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;

/** A migrated database with no rows at all (not even the seed): what `npm run restore` expects. */
async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const tables = await tablesInDependencyOrder(database.handle.db);
  await database.handle.db.execute(sql.raw(`truncate ${tables.map((table) => `public."${table}"`).join(', ')} restart identity`));
  return database;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function rows<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every row of every public table, as PostgreSQL's own JSON text, sorted: equal snapshots mean equal data. */
async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of await tablesInDependencyOrder(db)) {
    const found = await rows<{ row: string }>(db, sql.raw(`select row_to_json(t)::text as row from public."${table}" t order by 1`));
    result[table] = found.map((row) => row.row);
  }
  return result;
}

async function sequences(db: Database): Promise<Array<{ name: string; last: string | null }>> {
  return rows(db, sql`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public' order by 1`);
}

async function dump(db: Database): Promise<string[]> {
  const lines: string[] = [];
  await writeBackup(db, (line) => {
    lines.push(line);
  });
  return lines;
}

// Text that breaks naive quoting: quotes, backslashes, newlines, a JSON-looking fragment, emoji, a line separator.
const NASTY = `O'Brien "\\x41" \\\\ ');DROP TABLE reservations;-- \n\r\t {"a":1} 🍷 \u2028 ñ`;
const LOGO = Buffer.from([...Array.from({ length: 256 }, (_, i) => i), ...randomBytes(64)]);

/** One row at least in every table, through Drizzle, with the awkward values each type allows. */
async function seedEveryTable(db: Database): Promise<void> {
  const [user] = await db.insert(schema.users).values({ email: 'backup@example.com', passwordHash: NASTY }).returning();
  const userId = user!.id;
  await db.insert(schema.userRoles).values({ userId, role: 'admin' });
  await db.insert(schema.setupCodes).values({ codeHash: 'ab'.repeat(32) }).onConflictDoNothing();
  await db.insert(schema.mailSettings).values({ host: 'smtp.example.com', port: 587, security: 'starttls', username: NASTY, passwordCiphertext: 'v1:AAAA', sender: 'reservas@example.com' });
  await db.insert(schema.staffInvitations).values({ email: 'invitada@example.com', role: 'floor', tokenHash: 'c'.repeat(43), invitedBy: userId, expiresAt: new Date(Date.now() + 3_600_000) });
  await db.insert(schema.teamEvents).values({ at: new Date(), actorEmail: 'backup@example.com', action: 'invited', targetEmail: 'invitada@example.com', role: 'floor' });
  await db.insert(schema.sensitiveChanges).values({ at: new Date(), actorEmail: 'backup@example.com', ipAddress: '10.0.0.1', action: 'settings_changed', fields: ['adminEmail', NASTY], detail: NASTY });
  const later = new Date(Date.now() + 3_600_000);
  const [guest] = await db.insert(schema.guests).values({ email: "o'brien@example.com", phone: '600000000', note: NASTY }).returning();
  await db.insert(schema.sessions).values({ idHash: 'hash-1', userId, idleExpiresAt: later, absoluteExpiresAt: later, userAgent: NASTY });
  await db.insert(schema.passwordResetTokens).values({ tokenHash: 'token-1', userId, expiresAt: later });
  await db.insert(schema.staffTwoStep).values({ userId, sealedSeed: 'v1:AAAA', confirmedAt: new Date('2026-11-24T10:00:00Z'), lastStep: 2 ** 40 });
  await db.insert(schema.staffRecoveryCodes).values({ userId, codeHash: 'recovery-hash-1' });
  await db.insert(schema.signInChallenges).values({ idHash: 'challenge-hash-1', userId, expiresAt: later });
  await db.insert(schema.signInPolicy).values({ secondFactorRequired: true });
  await db.insert(schema.staffPasskeys).values({ userId, credentialId: 'credential-1', publicKey: 'pQECAyYgASFYIA', counter: 2 ** 40, transports: ['internal', NASTY], name: 'Chrome en Linux' });
  await db.insert(schema.passkeyChallenges).values({ idHash: 'passkey-challenge-1', ceremony: 'register', challenge: 'AAAA', userId, expiresAt: later });
  const [reservation] = await db
    .insert(schema.reservations)
    .values({
      customerName: `<img src=x onerror=alert(1)> ${NASTY}`.slice(0, 100),
      customerPhone: '+34 600 000 000',
      customerEmail: "o'brien@example.com",
      numberOfPeople: 30,
      reservationDate: '2026-02-28',
      reservationTime: '23:45',
      adminNotes: NASTY,
      guestId: guest!.id,
    })
    .returning();
  const reservationId = reservation!.id;
  const [policy] = await db
    .insert(schema.policyVersions)
    .values({ label: 'v1', body: `Política\n${NASTY}`, bodyHash: 'f'.repeat(64), createdAt: new Date('2026-11-24T10:00:00Z') })
    .returning();
  await db.insert(schema.consentimientos).values({ clienteEmail: "o'brien@example.com", versionPolitica: 'v1', policyVersionId: policy!.id, aceptado: true, reservationId });
  await db.insert(schema.reservasLogs).values({ context: 'test', errorText: NASTY, reservationId });
  await db.insert(schema.cookieConsents).values({
    consentType: 'custom',
    consentVersion: '1',
    legalText: NASTY,
    preferences: { necessary: true, analytics: false, marketing: true },
  });
  await db.insert(schema.dateExceptions).values({ exceptionDate: '2026-12-25', reason: NASTY });
  await db.insert(schema.mondayExceptions).values({ exceptionDate: '2026-12-28' });
  const [table] = await db
    .insert(schema.tables)
    .values({ tableNumber: 7, name: NASTY, positionX: 0.1 + 0.2, positionY: -1e-300, shape: 'circle', rotation: 45, zoneId: (await db.insert(schema.zones).values({ name: NASTY, onlineBookable: false }).returning())[0]!.id })
    .returning();
  await db.insert(schema.reservationTables).values({ reservationId, tableId: table!.id });
  // The card guarantee (issue 45): keys sealed, a hold with its request, a saved card, a charge, an event.
  await db.insert(schema.paymentSettings).values({ secretKeyCiphertext: 'v1:AAAA', webhookSecretCiphertext: 'v1:BBBB', livemode: false });
  const held = { reservationDate: '2026-02-28', reservationTime: '21:00', numberOfPeople: 8, amountPerPersonCents: 2000, freeCancellationHours: 24 };
  await db.insert(schema.guaranteeHolds).values({ id: reservationId, kind: 'booking', status: 'completed', request: { customerName: NASTY }, reservationId, ...held, holdUntil: later });
  await db.insert(schema.cardGuarantees).values({ reservationId, provider: 'stripe', customerRef: 'cus_x', paymentMethodRef: 'pm_x', cardLabel: NASTY, amountPerPersonCents: 2000, freeCancellationHours: 24, savedAt: later });
  await db.insert(schema.paymentCharges).values({ reservationId, people: 3, amountCents: 6000, status: 'succeeded', providerRef: 'pi_x', createdBy: userId });
  await db.insert(schema.paymentEvents).values({ eventId: 'evt_x', type: 'checkout.session.completed' });
  // WhatsApp and SMS (issue 46): keys sealed, a consent, an opt-out, a message with its fallback email.
  await db.insert(schema.messagingSettings).values({ whatsappEnabled: true, whatsappPhoneNumberId: '1065', whatsappAccessTokenCiphertext: 'v1:CCCC', whatsappTemplates: { confirmation: 'a', modification: 'b', cancellation: 'c', reminder: 'd', waitlist_offer: 'e', feedback: '' } });
  await db.insert(schema.messagingConsents).values({ channel: 'whatsapp', phoneE164: '+34600000000', reservationId, consentText: NASTY, textVersion: 'mensajeria-v1' });
  await db.insert(schema.messagingOptOuts).values({ channel: 'sms', phoneE164: '+34600000001', keyword: 'BAJA' });
  await db.insert(schema.guestMerges).values({ keptGuestId: guest!.id, mergedGuestId: randomUUID(), mergedName: NASTY, mergedEmail: "o'brien.casa@example.com", reservationsMoved: 1, actorUserId: userId, actorEmail: 'backup@example.com', mergedAt: new Date() });
  await db.insert(schema.feedbackRequests).values({ reservationId, guestId: guest!.id, channel: 'email', tokenHash: 'feedback-token-hash-1', requestedAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000), answeredAt: new Date(), rating: 2, comment: NASTY });
  await db.insert(schema.guestMessages).values({ direction: 'out', channel: 'whatsapp', kind: 'reminder', reservationId, phoneE164: '+34600000000', body: NASTY, content: { type: 'template', name: 'd', language: 'es', parameters: [NASTY] }, fallbackEmail: { kind: 'reminder_24h', subject: NASTY }, status: 'queued' });
  const [combination] = await db.insert(schema.tableCombinations).values({ minParty: 3, maxParty: 6 }).returning();
  await db.insert(schema.tableCombinationTables).values({ combinationId: combination!.id, tableId: table!.id });
  await db.insert(schema.dailyReservationPauses).values({ pauseDate: '2026-11-24', startTime: '13:00', endTime: '14:30' });
  await db.insert(schema.timeBlocks).values({ date: '2026-11-24', startTime: '20:00', endTime: '21:00', reason: NASTY });
  await db.insert(schema.loginAttempts).values({ email: 'backup@example.com', success: false, reason: NASTY });
  await db.insert(schema.accountLockouts).values({ email: 'backup@example.com', failedAttempts: 5, lockedUntil: later });
  await db.insert(schema.emailOutbox).values({ kind: 'test', toAddress: 'a@example.com', subject: NASTY, textBody: NASTY, htmlBody: `<p>${NASTY}</p>`, reservationId });
  const [subscription] = await db
    .insert(schema.pushSubscriptions)
    .values({ userId, endpoint: 'https://push.example/1', p256dh: 'key', auth: 'auth' })
    .returning();
  await db.insert(schema.pushOutbox).values({ subscriptionId: subscription!.id, payload: { title: NASTY, nested: [1, 2.5, null, { ok: true }] } });
  await db.insert(schema.restaurantLogo).values({ contentType: 'image/png', data: LOGO, sha256: createHash('sha256').update(LOGO).digest('hex') });
  await db.insert(schema.appSecrets).values({ name: 'secret', value: NASTY });
  await db.insert(schema.rateLimitCounters).values({ key: `login-failures:${NASTY}`, resetsAt: later, count: 3 });
  await db.insert(schema.usedBookingChallenges).values({ hash: NASTY, expiresAt: later });
  await db.insert(schema.reservationReminders).values({ reservationId, kind: '24h' });
  await db.insert(schema.jobRuns).values({ jobName: 'reminders', scheduledFor: new Date('2026-11-24T10:00:00Z'), claimedBy: NASTY });
  await db.insert(schema.guestAccessTokens).values({ tokenHash: 'guest-token-hash-1', reservationId });
  await db.insert(schema.reservationChanges).values({
    reservationId,
    at: new Date('2026-11-24T10:00:00Z'),
    actor: 'staff',
    userId,
    actorEmail: 'backup@example.com',
    action: 'status',
    changes: { status: ['pending', 'confirmed'], cancellationReason: [null, NASTY] },
  });
  // An API key (issue 48) and a change it made: the line points at the key's row.
  const [apiKey] = await db
    .insert(schema.apiKeys)
    .values({ name: "TPV «barra» o'brien", scopes: ['lectura', 'mesas'], prefix: '0123456789ab', keyHash: 'a'.repeat(64), createdBy: userId, lastUsedAt: new Date() })
    .returning();
  await db.insert(schema.reservationChanges).values({ reservationId, at: new Date('2026-11-24T10:05:00Z'), actor: 'api_key', apiKeyId: apiKey!.id, apiKeyName: apiKey!.name, action: 'arrival', changes: { arrivalStatus: ['pending', 'arrived'] } });
  // A webhook endpoint (issue 48) and a delivery to it, its body naming the booking.
  const [endpoint] = await db
    .insert(schema.webhookEndpoints)
    .values({ url: "https://n8n.example.com/webhook/mesa?o'brien", events: ['reservation.created', 'feedback.received'], secretSealed: 'v1:AAAA', createdBy: userId, failingSince: new Date() })
    .returning();
  await db.insert(schema.webhookDeliveries).values({
    endpointId: endpoint!.id,
    messageId: 'msg_backup',
    event: 'reservation.created',
    payload: { type: 'reservation.created', timestamp: '2026-11-24T10:00:00.000Z', data: { id: reservationId, customerName: NASTY } },
    reservationId,
    lastStatus: 500,
    lastDurationMs: 12,
    lastError: NASTY,
  });
  // An import (issue 49): its file's cells, a guest it merged into, a saved mapping.
  const [imported] = await db
    .insert(schema.imports)
    .values({ fileName: NASTY, format: 'csv', encoding: 'windows-1252', headers: ['Nombre', NASTY], rowCount: 1, rows: [[NASTY, "o'brien"]], createdBy: userId, createdByEmail: 'backup@example.com', status: 'done', kind: 'guests', mapping: ['name', null], lawfulBasis: 'contract', checkedRows: [{ row: 2, outcome: 'refused', reason: NASTY, name: NASTY, date: null, time: null, marks: [] }], listed: [], finishedAt: new Date() })
    .returning();
  await db.insert(schema.importGuestMerges).values({ importId: imported!.id, guestId: guest!.id, name: NASTY, email: null, phone: null, note: NASTY, tags: ['VIP'], allergens: ['milk'] });
  await db.insert(schema.erasedLinks).values({ tokenHash: 'erased-link-hash-1', erasedAt: new Date('2026-11-24T10:00:00Z') });
  await db.insert(schema.pendingRequestAlerts).values({ reservationId, receivedAt: new Date('2026-11-24T10:05:00Z') });
  await db.insert(schema.importMappings).values({ name: NASTY, kind: 'reservations', columns: { [NASTY]: 'notes', Fecha: 'date' } });
  const [entry] = await db
    .insert(schema.waitlistEntries)
    .values({ customerName: NASTY, customerPhone: '600000000', customerEmail: "o'brien@example.com", numberOfPeople: 4, reservationDate: '2026-11-25', timeFrom: '13:30', timeTo: '14:30', quotedWaitMinutes: 20, source: 'guest', reservationId })
    .returning();
  const [offer] = await db
    .insert(schema.waitlistOffers)
    .values({ entryId: entry!.id, reservationDate: '2026-11-25', reservationTime: '13:30', numberOfPeople: 4, offeredAt: new Date('2026-11-24T10:00:00Z'), holdUntil: new Date('2026-11-24T10:15:00Z') })
    .returning();
  await db.insert(schema.privacyEvents).values({ at: new Date('2026-11-24T10:00:00Z'), actorEmail: 'backup@example.com', action: 'erasure', guestId: guest!.id, counts: { reservations: 2 } });
  await db.insert(schema.erasureRequests).values({ id: randomUUID(), reservationId, tokenHash: 'erasure-token-hash-1', expiresAt: new Date('2026-11-25T10:00:00Z'), usedAt: null });
  await db.insert(schema.waitlistTokens).values({ tokenHash: 'waitlist-token-hash-1', entryId: entry!.id, offerId: offer!.id });
  await db.insert(schema.backupRuns).values({
    scheduledFor: new Date('2026-11-23T23:00:00Z'),
    startedAt: new Date('2026-11-24T03:00:00Z'),
    fileName: 'mesa-nightly-2026-11-24.sql',
    sizeBytes: 2 ** 40,
    error: NASTY,
    instance: NASTY,
  });
}

let source: TestDatabase;
let lines: string[];
let sourceSnapshot: Record<string, string[]>;
beforeAll(async () => {
  source = await createTestDatabase();
  await seedEveryTable(source.handle.db);
  lines = await dump(source.handle.db);
  sourceSnapshot = await snapshot(source.handle.db);
});
afterAll(() => source.destroy());

describe('backup and restore', () => {
  it('has a row in every table before the dump, so the round trip covers them all', async () => {
    const empty = Object.entries(sourceSnapshot).filter(([, found]) => found.length === 0).map(([table]) => table);
    expect(empty, 'tables the test does not seed: add them to seedEveryTable').toEqual([]);
    expect(Object.keys(sourceSnapshot)).toEqual(expect.arrayContaining(['reservations', 'restaurant_logo', 'push_outbox', 'cookie_consents']));
  });

  it('writes a header, one statement per line and a trailer', () => {
    expect(lines[0]).toBe('-- mesa-backup-format: 1');
    expect(lines.at(-1)).toBe(BACKUP_TRAILER);
    expect(lines.some((line) => line.startsWith('INSERT INTO "public"."restaurant_logo"'))).toBe(true);
    for (const line of lines) expect(line).not.toMatch(/[\n\r]/);
  });

  it('brings every row of every table back into an empty database, byte for byte', async () => {
    const target = await emptyDatabase();
    try {
      await restoreBackup(target.handle.db, lines);
      expect(await snapshot(target.handle.db)).toEqual(sourceSnapshot);
      expect(await sequences(target.handle.db)).toEqual(await sequences(source.handle.db));

      const [logo] = await target.handle.db.select().from(schema.restaurantLogo);
      expect(Buffer.compare(logo!.data, LOGO)).toBe(0);
      const [table] = await target.handle.db.select().from(schema.tables);
      expect([table!.positionX, table!.positionY, table!.name]).toEqual([0.1 + 0.2, -1e-300, NASTY]);
      // The sequences continue after the restored ids: a new row does not collide.
      await target.handle.db.insert(schema.loginAttempts).values({ email: 'new@example.com', success: true });
    } finally {
      await target.destroy();
    }
  });

  it('takes the dump from one snapshot while writes go on', async () => {
    const seen: string[] = [];
    let wrote = false;
    // A write between two tables of the dump: the snapshot must not see it (PGlite serialises it after the dump).
    const insertDuringDump = source.kind === 'postgres' ? await source.open() : null;
    await writeBackup(source.handle.db, async (line) => {
      seen.push(line);
      if (!wrote && insertDuringDump && line.startsWith('INSERT INTO "public"."account_lockouts"')) {
        wrote = true;
        await insertDuringDump.db.insert(schema.appSecrets).values({ name: 'written-during-dump', value: 'x' });
      }
    });
    expect(seen.some((line) => line.includes('written-during-dump'))).toBe(false);
    if (insertDuringDump) expect(wrote).toBe(true);
  });

  it('refuses a database that already has rows, and leaves it untouched', async () => {
    const target = await createTestDatabase();
    try {
      const before = await snapshot(target.handle.db);
      await expect(restoreBackup(target.handle.db, lines)).rejects.toThrow(/not empty/);
      expect(await snapshot(target.handle.db)).toEqual(before);
    } finally {
      await target.destroy();
    }
  });

  it('refuses a truncated file or one from another migration state, storing nothing', async () => {
    const target = await emptyDatabase();
    try {
      await expect(restoreBackup(target.handle.db, lines.slice(0, -1))).rejects.toThrow(/incomplete/);
      const otherState = lines.map((line) => (line.startsWith('-- mesa-migrations: ') ? `${line} deadbeef` : line));
      await expect(restoreBackup(target.handle.db, otherState)).rejects.toThrow(/migrations/);
      await expect(restoreBackup(target.handle.db, ['SELECT 1;'])).rejects.toThrow(/not a Mesa backup/);
      const after = await snapshot(target.handle.db);
      expect(Object.values(after).flat()).toEqual([]);
    } finally {
      await target.destroy();
    }
  });
});

describe('npm run backup / npm run restore', () => {
  let workDir: string;
  beforeAll(() => {
    workDir = mkdtempSync(join(tmpdir(), 'mesa-backup-'));
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  const script = (name: string, args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(40), ...env },
    });
  const failure = (error: { code: number; stderr: string }) => error;

  it('restores a file into a new database, migrating it first, and dumps it back', { timeout: 180_000 }, async () => {
    const file = join(workDir, 'original.sql');
    const copy = join(workDir, 'copy.sql');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const dataDir = join(workDir, 'target');
    const name = randomDatabaseName('mesa_restore');
    // A brand-new database, not even migrated: the restore script migrates it.
    const url = serverUrl ? databaseUrlFor(serverUrl, name) : undefined;
    if (serverUrl) await adminQuery(`CREATE DATABASE ${name}`);
    const env = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
    try {
      expect((await script('restore', [file], env)).stdout).toContain('Restored');
      expect((await script('backup', [copy], env)).stdout).toContain(`Backup written to ${copy}`);

      const restored = url
        ? await openDatabase({ kind: 'postgres', url, poolSize: 1 })
        : await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') });
      try {
        expect(await snapshot(restored.db)).toEqual(sourceSnapshot);
      } finally {
        await restored.close();
      }
      const copied = readFileSync(copy, 'utf8').trimEnd().split('\n');
      expect(copied.at(-1)).toBe(BACKUP_TRAILER);
      expect(copied.filter((line) => line.startsWith('INSERT')).length).toBe(lines.filter((line) => line.startsWith('INSERT')).length);

      // A second restore into the now filled database is refused with a clear message and a failing exit code.
      expect(await script('restore', [file], env).catch(failure)).toMatchObject({ code: 1, stderr: expect.stringContaining('not empty') });
    } finally {
      if (serverUrl) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });

  it('refuses a missing file', async () => {
    const missing = await script('restore', [join(workDir, 'nope.sql')], { DATA_DIR: join(workDir, 'other') }).catch(failure);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('No such file') });
  });
});
