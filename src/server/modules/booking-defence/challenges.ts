import { createHash, createHmac, randomInt } from 'node:crypto';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lte } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_PROOF_MAX_LENGTH } from '@shared/rules/bot-check.ts';
import type { Database } from '../../db/client.ts';
import { usedBookingChallenges } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ScheduledJob } from '../../platform/scheduler.ts';

/**
 * altcha's proof of work (decision 027), in its deterministic mode: the server picks the counter, so the work is
 * known (COUNTER_MIN…COUNTER_MAX key derivations of COST PBKDF2 rounds, about half a second of a phone's spare cores)
 * and a solution is checked with one HMAC of the key the challenge signed.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
const COUNTER_MIN = 500;
const COUNTER_MAX = 2_000;
/** A challenge is solved and sent at once; this leaves a slow phone ample time. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/** altcha's payload as the browser sends it, base64 in BOOKING_PROOF_HEADER; the signature covers the rest. */
const proofSchema = z.object({
  challenge: z.looseObject({
    parameters: z.looseObject({ data: z.looseObject({ expires: z.number() }) }),
    signature: z.string().max(200),
  }),
  solution: z.looseObject({ counter: z.number(), derivedKey: z.string().max(200) }),
});

export interface BookingChallenges {
  create(): Promise<Challenge>;
  /** Whether `proof` solves a challenge of ours that is unexpired and not yet redeemed; redeems it if so. */
  redeem(proof: string): Promise<boolean>;
}

export function bookingChallenges(db: Database, clock: Clock, secret: string): BookingChallenges {
  const hmacSignatureSecret = deriveSecret(secret, 'booking-challenge');
  const hmacKeySignatureSecret = deriveSecret(secret, 'booking-challenge-key');
  return {
    create: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(COUNTER_MIN, COUNTER_MAX + 1),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        // Our own expiry, on the injected clock: altcha's `expiresAt` is checked against the system's.
        data: { expires: clock.now().getTime() + CHALLENGE_TTL_MS },
      }),

    async redeem(proof) {
      const payload = proof.length <= BOOKING_PROOF_MAX_LENGTH ? decode(proof) : null;
      if (!payload) return false;
      const expires = payload.challenge.parameters.data.expires;
      if (expires <= clock.now().getTime()) return false;
      try {
        const { verified } = await verifySolution({
          challenge: payload.challenge as unknown as Challenge,
          solution: { counter: payload.solution.counter, derivedKey: payload.solution.derivedKey },
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        if (!verified) return false;
      } catch {
        return false;
      }
      const used = await db
        .insert(usedBookingChallenges)
        .values({ hash: createHash('sha256').update(payload.challenge.signature).digest('base64url'), expiresAt: new Date(expires) })
        .onConflictDoNothing()
        .returning({ hash: usedBookingChallenges.hash });
      return used.length === 1;
    },
  };
}

function decode(proof: string): z.infer<typeof proofSchema> | null {
  try {
    const parsed = proofSchema.safeParse(JSON.parse(Buffer.from(proof, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A key of its own for each use, from the secret every instance shares (the session secret, decision 015). */
export function deriveSecret(secret: string, use: string): string {
  return createHmac('sha256', secret).update(`mesa:${use}`).digest('base64url');
}

/** Forgets the redeemed challenges that have expired (a replay of one fails on its expiry); idempotent. */
export function expiredBookingChallengesJob(db: Database): ScheduledJob {
  return {
    name: 'expired-booking-challenges',
    async tick(now) {
      await db.delete(usedBookingChallenges).where(lte(usedBookingChallenges.expiresAt, now));
    },
  };
}
