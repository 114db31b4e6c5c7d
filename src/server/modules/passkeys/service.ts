// Staff's passkeys (issue 44, item 2; decision 039): the member's own list, adding one (WebAuthn registration),
// renaming and removing, and checking an assertion for a sign-in or a fresh sign-in. @simplewebauthn/server does the
// WebAuthn checks; this module keeps the challenges (challenges.ts) and the credentials.
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Passkey, PasskeyList, authenticationResponseSchema, registrationResponseSchema } from '@shared/schemas/passkeys.ts';
import { passkeyMessages as text } from '@shared/staff-messages/passkeys.ts';
import type { Executor } from '../../db/client.ts';
import { type PasskeyCeremony, staffPasskeys } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { endSecondFactorDue } from '../../platform/sessions.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { openChallenge, takeChallenge } from './challenges.ts';
import { deviceName, relyingPartyOf, requireRelyingParty } from './relying-party.ts';

export { clearChallengeCookie, readChallengeCookie, setChallengeCookie } from './challenges.ts';

type RegistrationInput = z.output<typeof registrationResponseSchema>;
type AuthenticationInput = z.output<typeof authenticationResponseSchema>;

const expired = () => new AppError(400, 'passkey_expired', text.expired);
const notFound = () => new AppError(404, 'passkey_not_found', text.notFound);
/** One answer for every assertion refused: which check failed is no business of whoever sent it. */
export const passkeyRefused = () => new AppError(401, 'passkey_refused', text.refused);
const TIMEOUT_MS = 120_000;

const view = (row: typeof staffPasskeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const passkeysOf = (db: Executor, userId: string) =>
  db.select().from(staffPasskeys).where(eq(staffPasskeys.userId, userId)).orderBy(asc(staffPasskeys.createdAt), asc(staffPasskeys.id));

/** 'Mi cuenta': the member's passkeys, and whether this install can have any. */
export async function listPasskeys(deps: ServiceDeps, userId: string): Promise<PasskeyList> {
  const available = relyingPartyOf(deps.publicUrl) !== null;
  return { available, reason: available ? null : text.unavailable, passkeys: (await passkeysOf(deps.db, userId)).map(view) };
}

/** Whether the member has a passkey (a second factor for the owner's rule, 'Mis dispositivos'). */
export async function hasPasskey(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: staffPasskeys.id }).from(staffPasskeys).where(eq(staffPasskeys.userId, userId)).limit(1);
  return row !== undefined;
}

/** Options for the browser's registration ceremony, and the id of its challenge for the cookie. */
export async function registrationOptions(deps: ServiceDeps, user: { id: string; email: string }, rpName: string) {
  const rp = requireRelyingParty(deps.publicUrl);
  const existing = await passkeysOf(deps.db, user.id);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rp.id,
    userName: user.email,
    userID: new Uint8Array(Buffer.from(user.id.replaceAll('-', ''), 'hex')),
    userDisplayName: user.email,
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await openChallenge(deps.db, { ceremony: 'register', challenge: options.challenge, userId: user.id, now: deps.clock.now() });
  return { options, challengeId };
}

/** The browser's answer to the registration: verified, stored under a name from the device, and recorded. */
export async function addPasskey(
  deps: ServiceDeps,
  input: { userId: string; challengeId: string | undefined; response: RegistrationInput; userAgent: string | null; actor: SensitiveActor },
): Promise<Passkey> {
  const rp = requireRelyingParty(deps.publicUrl);
  const pending = await takeChallenge(deps.db, input.challengeId, 'register', deps.clock.now());
  if (!pending || pending.userId !== input.userId) throw expired();
  const verification = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: pending.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new AppError(400, 'passkey_refused', text.failed);
  const { credential } = verification.registrationInfo;
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .insert(staffPasskeys)
      .values({
        userId: input.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: deviceName(input.userAgent),
        createdAt: now,
      })
      .onConflictDoNothing({ target: staffPasskeys.credentialId })
      .returning();
    if (!row) throw new AppError(409, 'passkey_exists', text.alreadyAdded);
    await recordSensitiveChange(tx, { at: now, actor: input.actor, action: 'passkey_added', detail: row.name });
    await endSecondFactorDue(tx, input.userId);
    return view(row);
  });
}

export async function renamePasskey(db: Executor, userId: string, id: string, name: string): Promise<Passkey> {
  const [row] = await db
    .update(staffPasskeys)
    .set({ name })
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return view(row);
}

export async function removePasskey(deps: ServiceDeps, userId: string, id: string, actor: SensitiveActor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(staffPasskeys)
      .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.userId, userId)))
      .returning({ name: staffPasskeys.name });
    if (!row) throw notFound();
    await recordSensitiveChange(tx, { at: deps.clock.now(), actor, action: 'passkey_removed', detail: row.name });
  });
}

/**
 * Options for an assertion: at /auth any passkey of this site (discoverable credentials, empty allowCredentials);
 * for a fresh sign-in, one of the member's own.
 */
export async function assertionOptions(deps: ServiceDeps, ceremony: Exclude<PasskeyCeremony, 'register'>, userId: string | null) {
  const rp = requireRelyingParty(deps.publicUrl);
  const own = userId ? await passkeysOf(deps.db, userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports })),
    userVerification: 'required',
    timeout: TIMEOUT_MS,
  });
  const challengeId = await openChallenge(deps.db, { ceremony, challenge: options.challenge, userId, now: deps.clock.now() });
  return { options, challengeId };
}

/** An assertion checked: whose passkey signed it (null when none of ours), or why it was refused. */
export type AssertionOutcome = { userId: string; refused: null } | { userId: string | null; refused: () => AppError };

/**
 * The browser's answer to an assertion: its challenge spent (even when the answer is wrong), the signature checked
 * against the stored key, origin and RP ID, user verification required, and the counter moved on with one
 * conditional update, so a replayed or cloned signature is refused. For a fresh sign-in the passkey must be the
 * member's own.
 */
export async function checkAssertion(
  deps: ServiceDeps,
  input: { ceremony: Exclude<PasskeyCeremony, 'register'>; challengeId: string | undefined; response: AuthenticationInput; userId?: string },
): Promise<AssertionOutcome> {
  const rp = requireRelyingParty(deps.publicUrl);
  const now = deps.clock.now();
  const pending = await takeChallenge(deps.db, input.challengeId, input.ceremony, now);
  if (!pending || (input.userId !== undefined && pending.userId !== input.userId)) return { userId: null, refused: expired };
  const [row] = await deps.db.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, input.response.id));
  if (!row || (pending.userId !== null && row.userId !== pending.userId)) return { userId: null, refused: passkeyRefused };
  const verification = await verifyAuthenticationResponse({
    response: input.response as AuthenticationResponseJSON,
    expectedChallenge: pending.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: row.credentialId, publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')), counter: row.counter, transports: row.transports },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return { userId: row.userId, refused: passkeyRefused };
  const moved = await deps.db
    .update(staffPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
    .where(and(eq(staffPasskeys.id, row.id), eq(staffPasskeys.counter, row.counter)))
    .returning({ id: staffPasskeys.id });
  return moved.length > 0 ? { userId: row.userId, refused: null } : { userId: row.userId, refused: passkeyRefused };
}
