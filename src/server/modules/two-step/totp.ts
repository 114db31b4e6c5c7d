// Two-step codes (issue 44): TOTP as RFC 6238 sets it out (SHA-1, 6 digits, 30 s steps, what every authenticator
// app reads from an otpauth:// QR code), through otpauth, a maintained implementation with no native parts.
// A code is accepted one step either side of now (a phone's clock a little off, a code typed as it turns), and each
// step at most once: the account keeps the last step it accepted, so a code seen over a shoulder cannot be replayed.
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps accepted either side of the current one. */
const WINDOW = 1;

/** A new seed, 160 bits (RFC 4226's recommended length), in the base32 the apps and the QR code use. */
export const newTotpSeed = (): string => new Secret({ size: 20 }).base32;

const totpOf = (seed: string, account = '', issuer = '') =>
  new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(seed) });

/** The otpauth:// address the QR code holds: the restaurant's name as issuer, the staff member's email as account. */
export const totpUri = (seed: string, account: string, issuer: string): string => totpOf(seed, account, issuer).toString();

/** The seed as people type it into an app without a camera: groups of four. */
export const seedForTyping = (seed: string): string => seed.match(/.{1,4}/g)?.join(' ') ?? seed;

/** A code as typed: spaces and dashes dropped; null unless six digits remain. */
export function typedCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The step a code belongs to, when it is right for `now` within the window and later than `lastStep` (the step the
 * account last accepted); null otherwise. The caller stores the step it accepts.
 */
export function acceptedStep(seed: string, input: string, now: Date, lastStep: number | null): number | null {
  const code = typedCode(input);
  if (code === null) return null;
  const timestamp = now.getTime();
  const delta = totpOf(seed).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of `now`, for tests and for the fake authenticator a newcomer can try the flow with. */
export const currentCode = (seed: string, now: Date): string => totpOf(seed).generate({ timestamp: now.getTime() });
