import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sensitiveChanges, staffRecoveryCodes, staffTwoStep } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { secretBox } from '../../src/server/platform/secret-box.ts';
import {
  confirmEnrolment,
  renewRecoveryCodes,
  startEnrolment,
  turnOff,
  twoStepStatus,
  useSecondFactor,
} from '../../src/server/modules/two-step/service.ts';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { insertStaff } from '../support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// Off useApiSuite: no app, the two-step service against a database (and, on PostgreSQL, two connections at once).
// Issue 44, item 1 (decision 039): two-step codes and recovery codes against a real database, on PGlite and on
// PostgreSQL (there also two connections given the same code at once).
let database: TestDatabase;
let dataDir: string;
const clock = new ManualClock('2026-11-28T19:00:10Z');
const box = () => secretBox({ secretsKey: 'a test key of the two-step suite', dataDir });
const deps = () => ({ db: database.handle.db, clock, box: box() });

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'mesa-two-step-'));
});
afterAll(async () => {
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An account whose codes are on: its seed as the app holds it, and its recovery codes. */
async function enrolled() {
  const user = await insertStaff(database.handle.db);
  const { uri } = await startEnrolment(deps(), user, 'Casa Pepe');
  const seed = new URL(uri).searchParams.get('secret')!;
  const { recoveryCodes } = await confirmEnrolment(deps(), user.id, currentCode(seed, clock.now()), actorOf(user));
  return { user, seed, recoveryCodes };
}

const actorOf = (user: { email: string }) => ({ email: user.email, ipAddress: '203.0.113.9' });

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('two-step codes', () => {
  it('are on only once the first right code confirms the seed; a wrong one changes nothing', async () => {
    const user = await insertStaff(database.handle.db);
    const { uri, seed: typed } = await startEnrolment(deps(), user, 'Casa Pepe');
    const seed = new URL(uri).searchParams.get('secret')!;
    expect(typed.replaceAll(' ', '')).toBe(seed);
    expect(await twoStepStatus(database.handle.db, user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const wrong = await refusal(confirmEnrolment(deps(), user.id, '000000', actorOf(user)));
    expect([wrong.status, wrong.code, wrong.message]).toEqual([400, 'wrong_code', 'Código incorrecto']);
    expect(await twoStepStatus(database.handle.db, user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const { recoveryCodes } = await confirmEnrolment(deps(), user.id, currentCode(seed, clock.now()), actorOf(user));
    expect(recoveryCodes).toHaveLength(10);
    expect(await twoStepStatus(database.handle.db, user.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await refusal(startEnrolment(deps(), user, 'Casa Pepe'))).status).toBe(409);
  });

  it('keep no seed or recovery code in clear in any table', async () => {
    const { seed, recoveryCodes } = await enrolled();
    const text = await everyTableAsText(database.handle.db);
    expect(text).not.toContain(seed);
    for (const code of recoveryCodes) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(code.replace('-', ''));
    }
  });

  it('accept a code once within its window: the same code again, or an earlier one, is refused', async () => {
    const { user, seed } = await enrolled();
    const db = database.handle.db;
    clock.advance(30_000);
    const code = currentCode(seed, clock.now());
    expect(await useSecondFactor(db, deps(), user.id, code)).toEqual({ method: 'code' });
    expect(await useSecondFactor(db, deps(), user.id, code)).toBeNull();
    expect(await useSecondFactor(db, deps(), user.id, currentCode(seed, new Date(clock.now().getTime() - 30_000)))).toBeNull();
    expect(await useSecondFactor(db, deps(), user.id, '123456')).toBeNull();
    clock.advance(30_000);
    expect(await useSecondFactor(db, deps(), user.id, currentCode(seed, clock.now()))).toEqual({ method: 'code' });
  });

  it('take a recovery code once, however it is typed, and say how many are left; new ones end the old', async () => {
    const { user, recoveryCodes } = await enrolled();
    const db = database.handle.db;
    const [first, second] = recoveryCodes;
    expect(await useSecondFactor(db, deps(), user.id, first!.toLowerCase().replace('-', ' '))).toEqual({ method: 'recovery', recoveryCodesLeft: 9 });
    expect(await useSecondFactor(db, deps(), user.id, first!)).toBeNull();
    const renewed = await renewRecoveryCodes(deps(), user.id, actorOf(user));
    expect(await useSecondFactor(db, deps(), user.id, second!)).toBeNull();
    expect(await useSecondFactor(db, deps(), user.id, renewed.recoveryCodes[0]!)).toEqual({ method: 'recovery', recoveryCodesLeft: 9 });
  });

  it('are recorded in Seguridad when turned on, renewed and turned off, with who and from where', async () => {
    const { user } = await enrolled();
    await renewRecoveryCodes(deps(), user.id, actorOf(user));
    await turnOff(database.handle.db, user, clock.now(), actorOf(user));
    const lines = await database.handle.db.select().from(sensitiveChanges).where(eq(sensitiveChanges.actorEmail, user.email)).orderBy(sensitiveChanges.id);
    expect(lines.map((line) => [line.action, line.ipAddress, line.detail])).toEqual([
      ['two_step_enabled', '203.0.113.9', null],
      ['recovery_codes_renewed', '203.0.113.9', null],
      ['two_step_disabled', '203.0.113.9', null],
    ]);
  });

  it('refuse a recovery code of another account', async () => {
    const ours = await enrolled();
    const theirs = await enrolled();
    expect(await useSecondFactor(database.handle.db, deps(), ours.user.id, theirs.recoveryCodes[0]!)).toBeNull();
  });

  it('when turned off, leave neither seed nor recovery codes, and no code works', async () => {
    const { user, seed } = await enrolled();
    expect(await turnOff(database.handle.db, user, clock.now(), actorOf(user))).toBe(true);
    const db = database.handle.db;
    expect(await db.select().from(staffTwoStep).where(eq(staffTwoStep.userId, user.id))).toEqual([]);
    expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id))).toEqual([]);
    clock.advance(30_000);
    expect(await useSecondFactor(db, deps(), user.id, currentCode(seed, clock.now()))).toBeNull();
    expect(await turnOff(db, user, clock.now(), actorOf(user))).toBe(false);
  });

  it('under another SECRETS_KEY refuse the app\'s codes clearly, not with a crash, and still take a recovery code', async () => {
    const { user, seed, recoveryCodes } = await enrolled();
    clock.advance(30_000);
    const elsewhere = { ...deps(), box: secretBox({ secretsKey: 'another key', dataDir }) };
    const error = await refusal(useSecondFactor(database.handle.db, elsewhere, user.id, currentCode(seed, clock.now())));
    expect([error.status, error.code]).toEqual([409, 'two_step_sealed_elsewhere']);
    expect(await useSecondFactor(database.handle.db, elsewhere, user.id, recoveryCodes[0]!)).toEqual({ method: 'recovery', recoveryCodesLeft: 9 });
  });

  it("are turned off when whoever runs the server resets the account's password (npm run admin:create)", async () => {
    const { user } = await enrolled();
    expect(await upsertAdmin(database.handle.db, user.email, 'Una-contrasena-nueva-2026')).toBe('updated');
    expect(await twoStepStatus(database.handle.db, user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const [line] = await database.handle.db.select().from(sensitiveChanges).where(and(eq(sensitiveChanges.detail, user.email), eq(sensitiveChanges.action, 'two_step_disabled')));
    expect(line).toMatchObject({ actorEmail: null, ipAddress: null });
  });

  it('given the same code on two connections at once, accept it once (PostgreSQL)', async (context) => {
    if (database.kind !== 'postgres') return context.skip();
    const { user, seed } = await enrolled();
    clock.advance(30_000);
    const code = currentCode(seed, clock.now());
    const other: DatabaseHandle = await database.open();
    const attempt = (db: DatabaseHandle['db']) => db.transaction((tx) => useSecondFactor(tx, deps(), user.id, code));
    const results = await Promise.all([attempt(database.handle.db), attempt(other.db)]);
    expect(results.filter((result) => result !== null)).toEqual([{ method: 'code' }]);
  });
});
