import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { loginRequestSchema, passwordResetSchema, recoveryRequestSchema } from '@shared/schemas/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { RateLimiter } from '../../platform/rate-limit.ts';
import {
  clearSessionCookie,
  findSessionUser,
  readSessionCookie,
  revokeSession,
  type SessionContext,
  setSessionCookie,
} from '../../platform/sessions.ts';
import { parseInput } from '../../platform/validation.ts';
import * as auth from './service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
const tooManyRequests = () => new AppError(429, 'rate_limited', messages.login.tooManyRequests);
const tokenParamsSchema = z.object({ token: z.string().min(16).max(200) });

function clientOf(request: FastifyRequest): auth.ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ipAddress: request.ip ?? null, userAgent: userAgent ? userAgent.slice(0, 500) : null };
}

export function registerAuthRoutes(app: FastifyInstance, deps: auth.AuthDeps): void {
  const ctx: SessionContext = deps.sessions;
  const loginLimiter = new RateLimiter(ctx.clock, 20, FIFTEEN_MINUTES);
  const recoveryLimiter = new RateLimiter(ctx.clock, 5, FIFTEEN_MINUTES);
  const resetLimiter = new RateLimiter(ctx.clock, 20, FIFTEEN_MINUTES);
  const limit = (limiter: RateLimiter, request: FastifyRequest) => {
    if (!limiter.hit(request.ip)) throw tooManyRequests();
  };
  const currentUser = async (request: FastifyRequest) => {
    const id = readSessionCookie(ctx, request);
    return id ? findSessionUser(ctx, id) : null;
  };

  app.get('/session', async (request) => ({ user: auth.sessionView(await currentUser(request)) }));

  app.post('/login', async (request, reply) => {
    limit(loginLimiter, request);
    const input = parseInput(loginRequestSchema, request.body);
    const { user, sessionId } = await auth.signIn(deps, input, clientOf(request));
    // A new id at every sign-in; whatever session this browser had before ends (no session fixation).
    const previous = readSessionCookie(ctx, request);
    if (previous) await revokeSession(ctx, previous);
    setSessionCookie(ctx, reply, sessionId);
    return { user };
  });

  app.post('/logout', async (request, reply) => {
    const id = readSessionCookie(ctx, request);
    if (id) await revokeSession(ctx, id);
    clearSessionCookie(ctx, reply);
    return reply.status(204).send();
  });

  app.post('/admin-access', async (request, reply) => {
    const user = await currentUser(request);
    if (!user) throw new AppError(401, 'unauthenticated', messages.http.unauthorized);
    await auth.checkAdminAccess(deps, user, clientOf(request));
    return reply.status(204).send();
  });

  app.post('/recovery', async (request) => {
    limit(recoveryLimiter, request);
    const { email } = parseInput(recoveryRequestSchema, request.body);
    await auth.requestPasswordRecovery(deps, email);
    return { message: messages.login.recoverySent };
  });

  app.get('/reset/:token', async (request, reply) => {
    limit(resetLimiter, request);
    const { token } = parseInput(tokenParamsSchema, request.params);
    if (!(await auth.isResetTokenUsable(deps, token))) {
      throw new AppError(410, 'reset_link_invalid', messages.login.resetLinkInvalid);
    }
    return reply.status(204).send();
  });

  app.post('/reset', async (request, reply) => {
    limit(resetLimiter, request);
    const input = parseInput(passwordResetSchema, request.body);
    const { user, sessionId } = await auth.resetPassword(deps, input, clientOf(request));
    setSessionCookie(ctx, reply, sessionId);
    return { user };
  });
}
