import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAttempts, sensitiveChanges, signInChallenges } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { mintResetToken } from '../../src/server/modules/auth/service.ts';
import { confirmEnrolment, startEnrolment } from '../../src/server/modules/two-step/service.ts';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { secretBox } from '../../src/server/platform/secret-box.ts';
import { uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 44, item 1: the sign-in's second step over HTTP, with an injected clock (decision 039).
const clock = new ManualClock('2026-11-28T19:00:10Z');
const suite = useApiSuite({ clock });
const PASSWORD = 'Dos-pasos-para-entrar-2026';

function cookiePair(response: LightMyRequestResponse, name: string): string | null {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  return line ? line.split(';')[0]! : null;
}

/** An owner whose two-step codes are on: the seed as the app holds it, and the recovery codes. */
async function enrolledOwner() {
  const email = uniqueEmail('two-step');
  await upsertAdmin(suite.db(), email, PASSWORD);
  const { config } = suite.app();
  const deps = { db: suite.db(), clock, box: secretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }) };
  const [user] = await suite.db().query.users.findMany({ where: (users, { eq: is }) => is(users.email, email) });
  const { uri } = await startEnrolment(deps, user!, 'Mesa');
  const seed = new URL(uri).searchParams.get('secret')!;
  const { recoveryCodes } = await confirmEnrolment(deps, user!.id, currentCode(seed, clock.now()), { email, ipAddress: null });
  clock.advance(30_000); // the enrolment's code is spent
  return { email, seed, recoveryCodes };
}

/** The password step from its own address: its answer and the challenge cookie it set. */
async function passwordStep(email: string, address = freshAddress()) {
  const response = await suite.app().request({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { email, password: PASSWORD } });
  return { response, challenge: cookiePair(response, 'mesa_sign_in'), address };
}

const codeStep = (challenge: string | null, code: string, address: string) =>
  suite.app().request({ method: 'POST', url: '/api/auth/login/code', remoteAddress: address, payload: { code }, ...(challenge ? { cookie: challenge } : {}) });

describe("the sign-in's second step", () => {
  it('asks for the code after a right password and signs in only with it', async () => {
    const { email, seed } = await enrolledOwner();
    const { response, challenge, address } = await passwordStep(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null, secondStep: 'code' });
    expect(cookiePair(response, 'mesa_session')).toBeNull();
    expect(challenge).not.toBeNull();

    const wrong = await codeStep(challenge, '000000', address);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'wrong_code', message: 'Código incorrecto' });
    expect(cookiePair(wrong, 'mesa_session')).toBeNull();

    const right = await codeStep(challenge, currentCode(seed, clock.now()), address);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ user: { email }, recoveryCodesLeft: null });
    const session = cookiePair(right, 'mesa_session');
    expect((await suite.api('GET', '/settings', undefined, session)).statusCode).toBe(200);
    // The challenge is spent: the same cookie opens nothing again, even with a later code.
    clock.advance(30_000);
    expect((await codeStep(challenge, currentCode(seed, clock.now()), address)).statusCode).toBe(401);
  });

  it('refuses a code already used to sign in, in another sign-in of the same window', async () => {
    const { email, seed } = await enrolledOwner();
    const code = currentCode(seed, clock.now());
    const first = await passwordStep(email);
    expect((await codeStep(first.challenge, code, first.address)).statusCode).toBe(200);
    const second = await passwordStep(email);
    expect((await codeStep(second.challenge, code, second.address)).json().error.code).toBe('wrong_code');
  });

  it('signs in once per password step, even when two second steps race with the same challenge', async () => {
    const { email, seed, recoveryCodes } = await enrolledOwner();
    const { challenge, address } = await passwordStep(email);
    const answers = await Promise.all([codeStep(challenge, currentCode(seed, clock.now()), address), codeStep(challenge, recoveryCodes[0]!, address)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('takes a recovery code once and says how many are left', async () => {
    const { email, recoveryCodes } = await enrolledOwner();
    const first = await passwordStep(email);
    const used = await codeStep(first.challenge, recoveryCodes[3]!, first.address);
    expect(used.statusCode).toBe(200);
    expect(used.json().recoveryCodesLeft).toBe(9);
    const [seen] = await suite.db().select().from(sensitiveChanges).where(and(eq(sensitiveChanges.actorEmail, email), eq(sensitiveChanges.action, 'recovery_code_used')));
    expect(seen).toMatchObject({ ipAddress: first.address, detail: 'Quedan 9 códigos de recuperación' });
    const second = await passwordStep(email);
    expect((await codeStep(second.challenge, recoveryCodes[3]!, second.address)).statusCode).toBe(400);
  });

  it('locks the step after five wrong codes, records them, and asks for the password again', async () => {
    const { email, seed } = await enrolledOwner();
    const { challenge, address } = await passwordStep(email);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await codeStep(challenge, '111111', address)).statusCode).toBe(400);
    const fifth = await codeStep(challenge, '111111', address);
    expect(fifth.statusCode).toBe(423);
    // The half-signed-in state is gone with the lock.
    expect((await codeStep(challenge, currentCode(seed, clock.now()), address)).statusCode).toBe(401);
    // Within the lockout even a right password and a right code do not sign in.
    const again = await passwordStep(email);
    expect((await codeStep(again.challenge, currentCode(seed, clock.now()), again.address)).statusCode).toBe(423);
    const recorded = await suite.db().select({ reason: loginAttempts.reason }).from(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, false)));
    expect(recorded.map((row) => row.reason).filter((reason) => reason === 'wrong_code')).toHaveLength(4);
    expect(recorded.map((row) => row.reason)).toContain('code_locked');
    // After the lockout the step opens again.
    clock.advance(16 * 60_000);
    const later = await passwordStep(email);
    expect((await codeStep(later.challenge, currentCode(seed, clock.now()), later.address)).statusCode).toBe(200);
  });

  it('lets the half-signed-in state lapse after five minutes', async () => {
    const { email, seed } = await enrolledOwner();
    const { challenge, address } = await passwordStep(email);
    clock.advance(5 * 60_000 + 1_000);
    const late = await codeStep(challenge, currentCode(seed, clock.now()), address);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('sign_in_expired');
    // The next sign-in clears the lapsed one: only its own remains.
    await passwordStep(email);
    const user = await suite.db().query.users.findFirst({ where: (users, { eq: is }) => is(users.email, email) });
    expect(await suite.db().select().from(signInChallenges).where(eq(signInChallenges.userId, user!.id))).toHaveLength(1);
  });

  it('refuses the step without a challenge, or with a made-up one', async () => {
    expect((await codeStep(null, '123456', '10.44.9.1')).statusCode).toBe(401);
    expect((await codeStep('mesa_sign_in=made-up-value-of-no-challenge', '123456', '10.44.9.2')).statusCode).toBe(401);
    expect((await codeStep(null, '', '10.44.9.3')).statusCode).toBe(400);
  });

  it('asks for the second step after a password reset too: the mailbox does not replace the code', async () => {
    const { email, seed } = await enrolledOwner();
    const token = await mintResetToken(suite.db(), email, clock.now());
    const address = '10.44.8.1';
    const reset = await suite.app().request({
      method: 'POST',
      url: '/api/auth/reset',
      remoteAddress: address,
      payload: { token, password: 'Otra-contrasena-de-verdad-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ user: null, secondStep: 'code' });
    expect(cookiePair(reset, 'mesa_session')).toBeNull();
    const signedIn = await codeStep(cookiePair(reset, 'mesa_sign_in'), currentCode(seed, clock.now()), address);
    expect(signedIn.statusCode).toBe(200);
    expect(cookiePair(signedIn, 'mesa_session')).not.toBeNull();
  });

  it('signs an account without two-step codes in at once, as before', async () => {
    const email = uniqueEmail('one-step');
    await upsertAdmin(suite.db(), email, PASSWORD);
    const { response } = await passwordStep(email);
    expect(response.json()).toMatchObject({ user: { email } });
    expect(cookiePair(response, 'mesa_session')).not.toBeNull();
  });
});
