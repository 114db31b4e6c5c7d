import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { guestText } from '@shared/i18n/text-keys.ts';
import { messages } from '@shared/messages.ts';
import { RECENT_SIGN_IN_MINUTES, SIGN_IN_CHALLENGE_MINUTES } from '@shared/limits.ts';
import { effectiveRole, mayUse, needsRecentSignIn, opensSecondFactorSetup } from '@shared/rules/permissions.ts';
import type { Database, Executor } from '../db/client.ts';
import { sessions, userRoles, users } from '../db/schema.ts';
import { sharedSecret } from './app-secrets.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import type { ScheduledJob } from './scheduler.ts';

export const SESSION_IDLE_MS = 12 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000;
/** Sliding the idle expiry costs a write; do it at most this often per session. */
const SLIDE_EVERY_MS = 60_000;

export interface SessionUser {
  id: string;
  email: string;
  roles: string[];
  sessionHash: string;
  /** When this session last proved who it is; null for sessions older than issue 41. */
  freshSignInAt: Date | null;
  /** Only setting up a second factor is open to this session (the owner requires one; issue 44). */
  secondFactorDue: boolean;
}

export interface SessionContext {
  db: Database;
  clock: Clock;
  secret: string;
  secureCookies: boolean;
}

const SECRET_NAME = 'session';
/** Where earlier versions kept the generated secret, one per DATA_DIR. */
const LEGACY_SECRET_FILE = 'session-secret';

/**
 * The key of the session-id hashes: SESSION_SECRET when set, otherwise generated once and kept in the database, so
 * every instance on it hashes alike and a session ended through one is ended on all. A secret an older install kept
 * in DATA_DIR is adopted on the first start, so its staff stay signed in.
 */
export async function loadSessionSecret(db: Database, configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  return sharedSecret(db, SECRET_NAME, readLegacySecret(dataDir) ?? randomBytes(32).toString('base64url'));
}

function readLegacySecret(dataDir: string): string | null {
  try {
    const value = readFileSync(join(dataDir, LEGACY_SECRET_FILE), 'utf8').trim();
    return value.length >= 32 ? value : null;
  } catch {
    return null;
  }
}

export function sessionCookieName(secure: boolean): string {
  // The __Host- prefix pins the cookie to this exact origin over HTTPS.
  return secure ? '__Host-mesa_session' : 'mesa_session';
}

export function hashSessionId(secret: string, id: string): string {
  return createHmac('sha256', secret).update(id).digest('base64url');
}

export async function createSession(
  ctx: SessionContext,
  input: { userId: string; ipAddress?: string | null; userAgent?: string | null; secondFactorDue?: boolean },
): Promise<string> {
  const id = randomBytes(16).toString('base64url'); // 128 bits
  const now = ctx.clock.now();
  await ctx.db.insert(sessions).values({
    idHash: hashSessionId(ctx.secret, id),
    userId: input.userId,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ipAddress: input.ipAddress ?? null,
    userAgent: input.userAgent ?? null,
    freshSignInAt: now,
    secondFactorDue: input.secondFactorDue ?? false,
  });
  return id;
}

/** The account has a second factor now (issue 44, item 3): its sessions waiting for one are open again. */
export async function endSecondFactorDue(db: Executor, userId: string): Promise<void> {
  await db.update(sessions).set({ secondFactorDue: false }).where(and(eq(sessions.userId, userId), eq(sessions.secondFactorDue, true)));
}

/** The password, a code or a passkey was given again in this session: sensitive changes are open again. */
export async function markFreshSignIn(ctx: SessionContext, sessionHash: string): Promise<void> {
  await ctx.db.update(sessions).set({ freshSignInAt: ctx.clock.now() }).where(eq(sessions.idHash, sessionHash));
}

const RECENT_SIGN_IN_MS = RECENT_SIGN_IN_MINUTES * 60_000;

/**
 * Sensitive changes need a sign-in within RECENT_SIGN_IN_MINUTES: a session left open on the host stand's tablet is
 * not enough to make them (issues 41, 44).
 */
export function assertRecentSignIn(user: SessionUser, now: Date): void {
  const confirmed = user.freshSignInAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (now.getTime() - confirmed > RECENT_SIGN_IN_MS) {
    throw new AppError(403, 'recent_sign_in_required', messages.permissions.recentSignIn);
  }
}

/** The owner alone (issue 41): for a route open to the encargado whose input may name the owner's fields. */
export function assertOwner(user: SessionUser): void {
  if (effectiveRole(user.roles) !== 'admin') throw new AppError(403, 'forbidden_role', messages.permissions.role);
}

export async function revokeSession(ctx: SessionContext, id: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.idHash, hashSessionId(ctx.secret, id)));
}

export async function findSessionUser(ctx: SessionContext, id: string): Promise<SessionUser | null> {
  const now = ctx.clock.now();
  const idHash = hashSessionId(ctx.secret, id);
  const rows = await ctx.db
    .select({
      userId: users.id,
      email: users.email,
      role: userRoles.role,
      lastSeenAt: sessions.lastSeenAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      freshSignInAt: sessions.freshSignInAt,
      secondFactorDue: sessions.secondFactorDue,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    // A deactivated account's sessions were deleted with it; the condition keeps any other path from reviving one.
    .where(
      and(eq(sessions.idHash, idHash), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now), isNull(users.deactivatedAt)),
    );
  const first = rows[0];
  if (!first) return null;
  if (now.getTime() - first.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    const idle = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, first.absoluteExpiresAt.getTime()));
    await ctx.db.update(sessions).set({ lastSeenAt: now, idleExpiresAt: idle }).where(eq(sessions.idHash, idHash));
  }
  return {
    id: first.userId,
    email: first.email,
    roles: rows.flatMap((row) => (row.role ? [row.role] : [])),
    sessionHash: idHash,
    freshSignInAt: first.freshSignInAt,
    secondFactorDue: first.secondFactorDue,
  };
}

/** Whether the session with this hash is still valid, without sliding its expiry (for checks nobody initiated). */
export async function isSessionLive(ctx: SessionContext, idHash: string): Promise<boolean> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A deactivated account's sessions were deleted with it; the condition keeps any other path from reviving one.
    .where(
      and(eq(sessions.idHash, idHash), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now), isNull(users.deactivatedAt)),
    );
  return rows.length === 1;
}

export async function deleteExpiredSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lte(sessions.idleExpiresAt, now), lte(sessions.absoluteExpiresAt, now)))
    .returning({ idHash: sessions.idHash });
  return deleted.length;
}

/** Deletes expired sessions at every tick; a delete of expired rows is idempotent, so every instance may run it. */
export function expiredSessionsJob(db: Database): ScheduledJob {
  return {
    name: 'expired-sessions',
    async tick(now) {
      await deleteExpiredSessions(db, now);
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export function readSessionCookie(ctx: SessionContext, request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(ctx.secureCookies)];
}

export function setSessionCookie(ctx: SessionContext, reply: FastifyReply, id: string): void {
  reply.setCookie(sessionCookieName(ctx.secureCookies), id, {
    httpOnly: true,
    secure: ctx.secureCookies,
    sameSite: 'lax',
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

/** The half-signed-in state between a right password and the second factor (issue 44): only /api/auth reads it. */
const challengeCookieName = (secure: boolean) => (secure ? '__Secure-mesa_sign_in' : 'mesa_sign_in');
const CHALLENGE_COOKIE_PATH = '/api/auth';

export const readChallengeCookie = (ctx: SessionContext, request: FastifyRequest): string | undefined =>
  request.cookies[challengeCookieName(ctx.secureCookies)];

export function setChallengeCookie(ctx: SessionContext, reply: FastifyReply, id: string): void {
  reply.setCookie(challengeCookieName(ctx.secureCookies), id, {
    httpOnly: true,
    secure: ctx.secureCookies,
    sameSite: 'strict',
    path: CHALLENGE_COOKIE_PATH,
    maxAge: SIGN_IN_CHALLENGE_MINUTES * 60,
  });
}

export function clearChallengeCookie(ctx: SessionContext, reply: FastifyReply): void {
  reply.clearCookie(challengeCookieName(ctx.secureCookies), { path: CHALLENGE_COOKIE_PATH, secure: ctx.secureCookies });
}

export function clearSessionCookie(ctx: SessionContext, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(ctx.secureCookies), { path: '/', secure: ctx.secureCookies });
}

/**
 * The /api/admin guard: a session (401), a staff role (403 'Permisos insuficientes: Se requieren permisos de
 * administrador'), and a role that may use this route (403 naming the role's limit; shared/rules/permissions.ts).
 */
export function requireStaff(ctx: SessionContext, prefix: string) {
  return async (request: FastifyRequest) => {
    const id = readSessionCookie(ctx, request);
    const user = id ? await findSessionUser(ctx, id) : null;
    if (!user) throw new AppError(401, 'unauthenticated', guestText('http.unauthorized'));
    const role = effectiveRole(user.roles);
    if (!role) throw new AppError(403, 'forbidden', messages.permissions.insufficient);
    // An unknown path has no route pattern: it answers 404 to any staff member.
    const route = request.routeOptions.url;
    if (route && !mayUse(role, request.method, route.slice(prefix.length))) {
      throw new AppError(403, 'forbidden_role', messages.permissions.role);
    }
    if (route && user.secondFactorDue && !opensSecondFactorSetup(request.method, route.slice(prefix.length))) {
      throw new AppError(403, 'second_factor_required', messages.permissions.secondFactorRequired);
    }
    if (route && needsRecentSignIn(request.method, route.slice(prefix.length))) assertRecentSignIn(user, ctx.clock.now());
    request.sessionUser = user;
  };
}
