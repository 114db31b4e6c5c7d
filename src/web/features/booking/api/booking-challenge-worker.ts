// A Web Worker of the booking challenge's solver (solve-booking-challenge.ts): altcha's message handler with the
// browser's own PBKDF2 (WebCrypto), not the Node one its bundled workers import.
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
