import { type Challenge, type Solution, solveChallenge, solveChallengeWorkers } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { BOOKING_CHALLENGE_PATH } from '@shared/rules/bot-check';
import { apiFetch } from '@web/lib/api';

/** More would not help: the work is a few thousand key derivations. */
const MAX_WORKERS = 4;
const TIMEOUT_MS = 60_000;

/**
 * GET /api/public/booking-challenge, solved: the header value the request is sent again with (base64 of altcha's
 * `{ challenge, solution }`), or null when it could not be solved in time. Loaded only when the server asks.
 */
export async function solveBookingChallenge(): Promise<string | null> {
  const challenge = await apiFetch<Challenge>(BOOKING_CHALLENGE_PATH);
  const solution =
    (await inWorkers(challenge).catch(() => null)) ?? (await solveChallenge({ challenge, deriveKey, timeout: TIMEOUT_MS }));
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}

/** On the device's spare cores, so the page stays responsive; null where workers cannot run (then the page does it). */
async function inWorkers(challenge: Challenge): Promise<Solution | null> {
  if (typeof Worker === 'undefined') return null;
  const controller = new AbortController();
  // A worker that never starts would never answer: the race ends the wait.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      solveChallengeWorkers({
        challenge,
        controller,
        concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
        createWorker: () => new Worker(new URL('./booking-challenge-worker.ts', import.meta.url), { type: 'module' }),
        timeout: TIMEOUT_MS,
      }),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
