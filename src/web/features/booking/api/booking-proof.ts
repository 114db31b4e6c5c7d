import { BOOKING_PROOF_HEADER, CHALLENGE_REQUIRED } from '@shared/rules/bot-check';
import { ApiRequestError } from '@web/lib/api';

/**
 * Sends a public form's request (decision 027). When the server asks for a proof of work, the solver is loaded (not
 * before: it stays out of the guest page's first load), solves a challenge, and the same request goes again with
 * it; the person sees only the form sending a little longer. If it cannot be solved, the server's own 429 stands.
 */
export async function withBookingProof<T>(send: (headers?: Record<string, string>) => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.code !== CHALLENGE_REQUIRED) throw error;
    const { solveBookingChallenge } = await import('./solve-booking-challenge');
    const proof = await solveBookingChallenge();
    if (!proof) throw error;
    return send({ [BOOKING_PROOF_HEADER]: proof });
  }
}
