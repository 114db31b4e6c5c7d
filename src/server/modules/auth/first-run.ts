// The first run without a terminal (issue 20): while no owner exists, the server issues a one-time set-up code
// (printed in its log and, with the embedded database, written to DATA_DIR/setup-code), and the browser turns it
// into the owner's account. Only the code's SHA-256 is stored; creating the owner deletes it.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { setupMessages } from '@shared/staff-messages/team.ts';
import type { OwnerSetupInput, SessionUserView } from '@shared/schemas/auth.ts';
import type { Executor } from '../../db/client.ts';
import { setupCodes, userRoles, users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { createSession, type SessionContext } from '../../platform/sessions.ts';
import { adoptAdminEmail } from '../settings/service.ts';
import { hashPassword } from './passwords.ts';
import * as q from './queries.ts';

const text = setupMessages;
/** Crockford's base32 without I, L, O and U: nothing to mistake when read off a terminal. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 32: 80 bits, shown as four groups of four. */
const CODE_LENGTH = 16;

export const setupCodeFile = (dataDir: string) => join(dataDir, 'setup-code');

/** What staff type is compared as typed in any case, with or without the dashes and spaces. */
const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const hashCode = (code: string) => createHash('sha256').update(normalise(code), 'utf8').digest();

function newCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

export async function ownerExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1);
  return row !== undefined;
}

/**
 * A new code, its hash stored. `replace`: it replaces any earlier one (`npm run setup-code`, or the embedded
 * database's single server at each start); otherwise it is issued only when none exists (the first of several
 * instances on one PostgreSQL database to start), and null says another instance has one.
 */
export async function issueSetupCode(db: Executor, { replace }: { replace: boolean }): Promise<string | null> {
  const code = newCode();
  const row = { id: 1, codeHash: hashCode(code).toString('hex') };
  const inserted = replace
    ? await db.insert(setupCodes).values(row).onConflictDoUpdate({ target: setupCodes.id, set: { codeHash: row.codeHash, createdAt: sql`now()` } }).returning()
    : await db.insert(setupCodes).values(row).onConflictDoNothing().returning();
  return inserted.length > 0 ? code : null;
}

export interface SetupAnnouncement {
  dataDir: string;
  embedded: boolean;
  log: { info: (message: string) => void; warn: (message: string) => void };
}

/**
 * At start: nothing once the owner exists (and any code or file left is removed); otherwise a code for the log and,
 * with the embedded database, for DATA_DIR/setup-code (mode 0600, the one secret kept in a file, by design).
 */
export async function announceSetupCode(db: Executor, { dataDir, embedded, log }: SetupAnnouncement): Promise<void> {
  const file = setupCodeFile(dataDir);
  if (await ownerExists(db)) {
    await db.delete(setupCodes);
    rmSync(file, { force: true });
    return;
  }
  const code = await issueSetupCode(db, { replace: embedded });
  if (code === null) {
    log.warn('No owner account yet. Another instance has issued the set-up code; `npm run setup-code` prints a fresh one.');
    return;
  }
  if (embedded) {
    writeFileSync(file, `${code}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  log.warn(`No owner account yet. Open /admin and create it with the set-up code ${code}${embedded ? ` (also in ${file})` : ''}.`);
}

/** The code in DATA_DIR/setup-code, when the file is there (tests and the README read it). */
export const readSetupCodeFile = (dataDir: string): string | null =>
  existsSync(setupCodeFile(dataDir)) ? readFileSync(setupCodeFile(dataDir), 'utf8').trim() : null;

const setupDone = () => new AppError(409, 'setup_done', text.done);
const codeInvalid = () => new AppError(400, 'setup_code_invalid', text.codeInvalid, { code: text.codeInvalid });

/**
 * Creates the owner's account with the set-up code and signs it in; the code is spent in the same transaction.
 * One at a time (an advisory lock): two browsers racing with the right code make one owner, the other is told so.
 */
export async function createOwner(
  sessions: SessionContext,
  input: OwnerSetupInput,
  client: { ipAddress: string | null; userAgent: string | null },
  dataDir: string,
): Promise<{ user: SessionUserView; sessionId: string }> {
  const passwordHash = await hashPassword(input.password);
  const result = await sessions.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('owner-setup'))`);
    if (await ownerExists(tx)) throw setupDone();
    const [stored] = await tx.select().from(setupCodes).where(eq(setupCodes.id, 1));
    const given = hashCode(input.code);
    // Compared in constant time; a missing code compares against a random hash and fails the same way.
    const expected = stored ? Buffer.from(stored.codeHash, 'hex') : hashCode(newCode());
    if (!stored || !timingSafeEqual(given, expected)) throw codeInvalid();

    const now = sessions.clock.now();
    const existing = await q.findUserByEmail(tx, input.email);
    const [user] = existing
      ? await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, existing.id)).returning()
      : await tx.insert(users).values({ email: input.email, passwordHash, createdAt: now, updatedAt: now }).returning();
    await tx.insert(userRoles).values({ userId: user!.id, role: 'admin' }).onConflictDoNothing();
    await tx.delete(setupCodes);
    await adoptAdminEmail(tx, user!.email);
    await q.insertLoginAttempt(tx, { email: input.email, at: now, ...client, success: true, reason: 'owner_created' });
    await recordChange(tx, { table: 'login_attempts', action: 'insert', id: null });
    const sessionId = await createSession({ ...sessions, db: tx }, { userId: user!.id, ...client });
    // The first owner: no requirement can stand yet.
    return { user: { id: user!.id, email: user!.email, isAdmin: true, role: 'admin' as const, secondFactorDue: false }, sessionId };
  });
  rmSync(setupCodeFile(dataDir), { force: true });
  return result;
}
