import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import type { FastifyRequest } from 'fastify';
import { guestText } from '@shared/i18n/text-keys.ts';
import { BOOKING_PROOF_HEADER, CHALLENGE_REQUIRED, FORM_TOKEN_MAX_LENGTH } from '@shared/rules/bot-check.ts';
import type { Database } from '../../db/client.ts';
import { bookingChallenges, deriveSecret } from './challenges.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';

/** Requests per address and rate-limit window (10 minutes) that never need a solved challenge. */
export const FREE_REQUESTS_PER_IP = 5;
/** Faster than a person fills the form in: the request needs a solved challenge, even among the free ones. */
export const MIN_FILL_MS = 3_000;
/** An older form token counts as absent: one copied once is not good for ever. */
export const FORM_TOKEN_MAX_AGE_MS = 2 * 60 * 60_000;
/** Instances' clocks may differ a little: a token from slightly ahead is still ours. */
const CLOCK_SKEW_MS = 60_000;

/** The bot-check fields of a public form's parsed body (`botFieldsShape`). */
export interface BotFields {
  subject?: string | null;
  formToken?: string | null;
}

/** The public booking forms' bot checks (decision 027): the reservation request and the waitlist join. */
export interface BotCheck {
  /** The signed render time the booking form sends back (GET /api/public/calendar). */
  formToken(): string;
  /** A proof-of-work challenge for BOOKING_PROOF_HEADER (GET /api/public/booking-challenge). */
  challenge(): Promise<Challenge>;
  /**
   * After the route's rate limit (`hits`: the address's requests in its window, this one included), before
   * anything is saved: refuses a filled honeypot (400), a bad proof (400) and, without a proof, a request past
   * the free ones or faster than a person (429 CHALLENGE_REQUIRED).
   */
  check(request: FastifyRequest, hits: number, fields: BotFields): Promise<void>;
}

/** `secret` is the one every instance shares (the session secret), so a token or a challenge of one passes on all. */
export function createBotCheck(db: Database, clock: Clock, secret: string): BotCheck {
  const tokenKey = deriveSecret(secret, 'form-token');
  const challenges = bookingChallenges(db, clock, secret);

  /** The render time of a token we signed that is neither too old nor from the future; null for any other. */
  function renderedAt(token: string | null | undefined): number | null {
    const match = token && token.length <= FORM_TOKEN_MAX_LENGTH ? TOKEN_SHAPE.exec(token) : null;
    const time = match ? parseInt(match[1]!, 36) : NaN;
    if (!Number.isSafeInteger(time) || !sameBytes(token!, signToken(tokenKey, time))) return null;
    const age = clock.now().getTime() - time;
    return age >= -CLOCK_SKEW_MS && age <= FORM_TOKEN_MAX_AGE_MS ? time : null;
  }

  return {
    formToken: () => signToken(tokenKey, clock.now().getTime()),
    challenge: () => challenges.create(),
    async check(request, hits, fields) {
      if (fields.subject) throw new AppError(400, 'honeypot_filled', guestText('botCheck.honeypotFilled'));
      const proof = request.headers[BOOKING_PROOF_HEADER];
      if (proof !== undefined) {
        if (typeof proof === 'string' && (await challenges.redeem(proof))) return;
        throw new AppError(400, 'challenge_invalid', guestText('botCheck.challengeInvalid'));
      }
      const rendered = renderedAt(fields.formToken);
      const tooFast = rendered !== null && clock.now().getTime() - rendered < MIN_FILL_MS;
      if (hits > FREE_REQUESTS_PER_IP || tooFast) throw new AppError(429, CHALLENGE_REQUIRED, guestText('botCheck.challengeRequired'));
    },
  };
}

/** `<render time in ms, base 36>.<signature>` */
const TOKEN_SHAPE = /^([0-9a-z]{1,12})\.[\w-]{1,50}$/;

function signToken(key: string, time: number): string {
  const stamp = time.toString(36);
  return `${stamp}.${createHmac('sha256', key).update(`form:${stamp}`).digest('base64url').slice(0, 22)}`;
}

function sameBytes(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
