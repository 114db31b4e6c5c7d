import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { guestText } from '@shared/i18n/text-keys.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import { loginRequestSchema, ownerSetupSchema, passwordResetSchema, recoveryRequestSchema, secondStepSchema } from '@shared/schemas/auth.ts';
import { twoStepMessages } from '@shared/staff-messages/two-step.ts';
import { invitationAcceptSchema } from '@shared/schemas/team.ts';
import { authenticationResponseSchema } from '@shared/schemas/passkeys.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateLimit, RateLimits } from '../../platform/rate-limit.ts';
import {
  clearChallengeCookie,
  clearSessionCookie,
  findSessionUser,
  readSessionCookie,
  readChallengeCookie,
  revokeSession,
  setChallengeCookie,
  type SessionContext,
  setSessionCookie,
} from '../../platform/sessions.ts';
import { parseInput } from '../../platform/validation.ts';
import { createOwner, ownerExists } from './first-run.ts';
import { acceptInvitation, invitationForToken } from './team-service.ts';
import { signInWithSecondFactor } from './second-step.ts';
import { signInWithPasskey } from './passkey-sign-in.ts';
import * as passkeys from '../passkeys/service.ts';
import * as auth from './service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
const tooManyRequests = () => new AppError(429, 'rate_limited', loginMessages.tooManyRequests);
const tokenParamsSchema = z.object({ token: z.string().min(16).max(200) });

export function clientOf(request: FastifyRequest): auth.ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ipAddress: request.ip ?? null, userAgent: userAgent ? userAgent.slice(0, 500) : null };
}

export function registerAuthRoutes(app: FastifyInstance, deps: auth.AuthDeps, rateLimits: RateLimits): void {
  const ctx: SessionContext = deps.sessions;
  const failedLoginLimiter = rateLimits.define('login-failures', 20, FIFTEEN_MINUTES);
  const recoveryLimiter = rateLimits.define('recovery', 5, FIFTEEN_MINUTES);
  const resetLimiter = rateLimits.define('reset', 20, FIFTEEN_MINUTES);
  const setupLimiter = rateLimits.define('owner-setup', 10, FIFTEEN_MINUTES);
  const limit = async (limiter: RateLimit, request: FastifyRequest) => {
    if (!(await limiter.hit(request.ip))) throw tooManyRequests();
  };
  // Only failures count: a whole restaurant's staff may sign in from one address.
  const countingFailures = async <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> => {
    if (await failedLoginLimiter.isExhausted(request.ip)) throw tooManyRequests();
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.status < 500) await failedLoginLimiter.hit(request.ip);
      throw error;
    }
  };
  const signInCountingFailures = (request: FastifyRequest) =>
    countingFailures(request, () => auth.signIn(deps, parseInput(loginRequestSchema, request.body), clientOf(request)));
  // A new id at every sign-in; whatever session this browser had before ends (no session fixation).
  const startSession = async (request: FastifyRequest, reply: FastifyReply, sessionId: string) => {
    const previous = readSessionCookie(ctx, request);
    if (previous) await revokeSession(ctx, previous);
    setSessionCookie(ctx, reply, sessionId);
  };
  // A right password on an account with two-step codes: no session yet, the code next (issue 44).
  const askSecondStep = (reply: FastifyReply, challengeId: string) => {
    setChallengeCookie(ctx, reply, challengeId);
    return { user: null, secondStep: 'code' as const };
  };
  const currentUser = async (request: FastifyRequest) => {
    const id = readSessionCookie(ctx, request);
    return id ? findSessionUser(ctx, id) : null;
  };

  // The first run (issue 20): whether the owner's account is still to be made, and making it with the set-up code.
  app.get('/setup', async () => ({ required: !(await ownerExists(ctx.db)) }));
  app.post('/setup', async (request, reply) => {
    await limit(setupLimiter, request);
    const { user, sessionId } = await createOwner(ctx, parseInput(ownerSetupSchema, request.body), clientOf(request), deps.dataDir);
    setSessionCookie(ctx, reply, sessionId);
    return reply.status(201).send({ user });
  });

  // An invitation to the team (issue 20): who it invites, then the invitee's password, which signs them in.
  app.get('/invitations/:token', async (request) => {
    await limit(resetLimiter, request);
    return invitationForToken(deps, parseInput(tokenParamsSchema, request.params).token);
  });
  app.post('/invitations/accept', async (request, reply) => {
    await limit(resetLimiter, request);
    const input = parseInput(invitationAcceptSchema, request.body);
    auth.assertAcceptablePassword(input.password);
    const { user, sessionId } = await acceptInvitation(deps, input, clientOf(request));
    setSessionCookie(ctx, reply, sessionId);
    return reply.status(201).send({ user });
  });

  app.get('/session', async (request) => ({ user: auth.sessionView(await currentUser(request)) }));

  app.post('/login', async (request, reply) => {
    const signedIn = await signInCountingFailures(request);
    if ('challengeId' in signedIn) return askSecondStep(reply, signedIn.challengeId);
    await startSession(request, reply, signedIn.sessionId);
    return { user: signedIn.user };
  });

  // The second step (issue 44): a code of the account's app or a recovery code, counted like a password.
  app.post('/login/code', async (request, reply) => {
    if (await failedLoginLimiter.isExhausted(request.ip)) throw tooManyRequests();
    const { code } = parseInput(secondStepSchema, request.body);
    const challenge = readChallengeCookie(ctx, request);
    if (!challenge) throw new AppError(401, 'sign_in_expired', twoStepMessages.expired);
    try {
      const signedIn = await signInWithSecondFactor(deps, challenge, code, clientOf(request));
      clearChallengeCookie(ctx, reply);
      await startSession(request, reply, signedIn.sessionId);
      return { user: signedIn.user, recoveryCodesLeft: signedIn.recoveryCodesLeft };
    } catch (error) {
      if (error instanceof AppError && error.status < 500) await failedLoginLimiter.hit(request.ip);
      if (error instanceof AppError && error.code !== 'wrong_code') clearChallengeCookie(ctx, reply);
      throw error;
    }
  });

  // A passkey (issue 44): a whole sign-in on its own; refusals count like wrong passwords.
  const passkeyOptionsLimiter = rateLimits.define('passkey-options', 100, FIFTEEN_MINUTES);
  app.post('/login/passkey/options', async (request, reply) => {
    await limit(passkeyOptionsLimiter, request);
    const { options, challengeId } = await passkeys.assertionOptions({ ...ctx, publicUrl: deps.publicUrl }, 'sign_in', null);
    passkeys.setChallengeCookie(ctx.secureCookies, reply, challengeId);
    return options;
  });
  app.post('/login/passkey', async (request, reply) => {
    const signedIn = await countingFailures(request, () => {
      const response = parseInput(authenticationResponseSchema, request.body);
      const challengeId = passkeys.readChallengeCookie(ctx.secureCookies, request);
      passkeys.clearChallengeCookie(ctx.secureCookies, reply);
      return signInWithPasskey(deps, { challengeId, response }, clientOf(request));
    });
    await startSession(request, reply, signedIn.sessionId);
    return { user: signedIn.user };
  });

  app.post('/logout', async (request, reply) => {
    const id = readSessionCookie(ctx, request);
    if (id) await revokeSession(ctx, id);
    clearSessionCookie(ctx, reply);
    return reply.status(204).send();
  });

  app.post('/admin-access', async (request, reply) => {
    const user = await currentUser(request);
    if (!user) throw new AppError(401, 'unauthenticated', guestText('http.unauthorized'));
    await auth.checkAdminAccess(deps, user, clientOf(request));
    return reply.status(204).send();
  });

  app.post('/recovery', async (request) => {
    await limit(recoveryLimiter, request);
    const { email } = parseInput(recoveryRequestSchema, request.body);
    await auth.requestPasswordRecovery(deps, email);
    return { message: loginMessages.recoverySent };
  });

  app.get('/reset/:token', async (request, reply) => {
    await limit(resetLimiter, request);
    const { token } = parseInput(tokenParamsSchema, request.params);
    if (!(await auth.isResetTokenUsable(deps, token))) {
      throw new AppError(410, 'reset_link_invalid', loginMessages.resetLinkInvalid);
    }
    return reply.status(204).send();
  });

  app.post('/reset', async (request, reply) => {
    await limit(resetLimiter, request);
    const input = parseInput(passwordResetSchema, request.body);
    const signedIn = await auth.resetPassword(deps, input, clientOf(request));
    if ('challengeId' in signedIn) return askSecondStep(reply, signedIn.challengeId);
    setSessionCookie(ctx, reply, signedIn.sessionId);
    return { user: signedIn.user };
  });
}
