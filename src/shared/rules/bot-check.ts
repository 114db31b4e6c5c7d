// The public booking forms' bot checks (decision 027): what the server and the browser must agree on. Constants only:
// the booking form imports this file, and it rides in the guest page's first load.

/** The header that carries a solved challenge: base64 of altcha's JSON payload `{ challenge, solution }`. */
export const BOOKING_PROOF_HEADER = 'x-mesa-proof';
/** Longer than any proof the server's challenges can give rise to; a longer header is refused unread. */
export const BOOKING_PROOF_MAX_LENGTH = 4096;
/** The 429's code when a request needs a solved challenge. */
export const CHALLENGE_REQUIRED = 'challenge_required';
/** Where a challenge comes from (GET, anonymous). */
export const BOOKING_CHALLENGE_PATH = '/api/public/booking-challenge';

/** A longer `formToken` (schemas/reservation.ts#botFieldsShape) is none of ours: it counts as absent. */
export const FORM_TOKEN_MAX_LENGTH = 64;
