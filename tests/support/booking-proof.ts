import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { BOOKING_CHALLENGE_PATH } from '@shared/rules/bot-check.ts';
import type { TestApp } from './test-app.ts';

/** A challenge from GET /api/public/booking-challenge, as the booking form fetches it. */
export async function fetchChallenge(app: TestApp, remoteAddress = '10.250.0.1'): Promise<Challenge> {
  const response = await app.request({ method: 'GET', url: BOOKING_CHALLENGE_PATH, remoteAddress });
  if (response.statusCode !== 200) throw new Error(`booking-challenge answered ${response.statusCode}: ${response.body}`);
  return response.json<Challenge>();
}

/** The header value of `challenge` solved, as the browser's solver sends it (decision 027). */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return encodeProof(challenge, solution);
}

export function encodeProof(challenge: unknown, solution: unknown): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A fresh challenge, solved. */
export async function solvedProof(app: TestApp, remoteAddress?: string): Promise<string> {
  return solve(await fetchChallenge(app, remoteAddress));
}
