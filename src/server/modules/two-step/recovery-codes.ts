// Recovery codes (issue 44): ten single-use codes shown once when two-step codes are turned on, for a lost phone.
// Each holds 50 random bits (ten characters of Crockford's base32, shown as two groups of five); only its SHA-256 is
// stored, which at that entropy cannot be reversed by guessing, and guessing at sign-in is rate-limited and locks.
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32: no I, L, O or U, so a code read aloud or from paper is not mistyped.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/** Ten new codes as shown to the owner of the account, e.g. 'K3M9Q-7TZ2A'. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/**
 * A code as typed, in the one form that is hashed: upper case, spaces and dashes dropped, and the letters Crockford
 * reads as digits (O as 0, I and L as 1); null when it cannot be a recovery code.
 */
export function typedRecoveryCode(input: string): string | null {
  const normal = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return normal.length === LENGTH && [...normal].every((character) => ALPHABET.includes(character)) ? normal : null;
}

/** What is stored of a code. */
export const recoveryCodeHash = (normalised: string): string => createHash('sha256').update(`recovery:${normalised}`).digest('base64url');
