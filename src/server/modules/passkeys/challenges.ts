// A ceremony's challenge, server-side (decision 039): a random id for an HttpOnly cookie, its SHA-256 in
// passkey_challenges with the challenge, for SIGN_IN_CHALLENGE_MINUTES and one answer. Taking it deletes it, so an
// answer sent twice, to one instance or two, is verified at most once.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_CHALLENGE_MINUTES } from '@shared/limits.ts';
import type { Executor } from '../../db/client.ts';
import { type PasskeyCeremony, passkeyChallenges } from '../../db/schema.ts';

const CHALLENGE_MS = SIGN_IN_CHALLENGE_MINUTES * 60_000;
const idHash = (id: string) => createHash('sha256').update(`passkey:${id}`).digest('base64url');

export async function openChallenge(
  db: Executor,
  input: { ceremony: PasskeyCeremony; challenge: string; userId: string | null; now: Date },
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, input.now));
  await db.insert(passkeyChallenges).values({
    idHash: idHash(id),
    ceremony: input.ceremony,
    challenge: input.challenge,
    userId: input.userId,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + CHALLENGE_MS),
  });
  return id;
}

/** The open challenge with this id for this ceremony, spent; null when there is none (unknown, lapsed or spent). */
export async function takeChallenge(db: Executor, id: string | undefined, ceremony: PasskeyCeremony, now: Date) {
  if (!id) return null;
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.idHash, idHash(id)), eq(passkeyChallenges.ceremony, ceremony), gt(passkeyChallenges.expiresAt, now)))
    .returning({ challenge: passkeyChallenges.challenge, userId: passkeyChallenges.userId });
  return row ?? null;
}

const cookieName = (secure: boolean) => (secure ? '__Secure-mesa_passkey' : 'mesa_passkey');
const COOKIE_PATH = '/api';

export const readChallengeCookie = (secure: boolean, request: FastifyRequest): string | undefined => request.cookies[cookieName(secure)];

export function setChallengeCookie(secure: boolean, reply: FastifyReply, id: string): void {
  reply.setCookie(cookieName(secure), id, { httpOnly: true, secure, sameSite: 'strict', path: COOKIE_PATH, maxAge: SIGN_IN_CHALLENGE_MINUTES * 60 });
}

export function clearChallengeCookie(secure: boolean, reply: FastifyReply): void {
  reply.clearCookie(cookieName(secure), { path: COOKIE_PATH, secure });
}
