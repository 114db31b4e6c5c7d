// The key's shape and its one-way hash (decision 049). `mesa_` names the product so secret scanners can recognise a
// leaked key; the prefix, fixed-length hex, finds the row; the secret is 32 random bytes, base64url.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_SHAPE = /^mesa_([0-9a-f]{12})_[\w-]{43}$/;
const PREFIX_BYTES = 6;
const SECRET_BYTES = 32;

export interface NewKey {
  key: string;
  prefix: string;
  hash: string;
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function newKey(): NewKey {
  const prefix = randomBytes(PREFIX_BYTES).toString('hex');
  const key = `mesa_${prefix}_${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { key, prefix, hash: hashKey(key) };
}

/** The public part shown in the list and in Seguridad: `mesa_<prefix>`. */
export const shownPrefix = (prefix: string) => `mesa_${prefix}`;

/** The prefix a presented key claims, or null when it is not shaped like a key at all. */
export function claimedPrefix(presented: string): string | null {
  return KEY_SHAPE.exec(presented)?.[1] ?? null;
}

/** A hash no key has: what an unknown or malformed key is compared against, so every refusal costs the same. */
const NO_KEY_HASH = hashKey(`mesa_${'0'.repeat(12)}_${randomBytes(SECRET_BYTES).toString('base64url')}`);

/** Whether `presented` hashes to `storedHash` (null: compared against no key, always false), in constant time. */
export function keyMatches(presented: string, storedHash: string | null): boolean {
  const expected = Buffer.from(storedHash ?? NO_KEY_HASH, 'hex');
  const actual = Buffer.from(hashKey(presented), 'hex');
  return timingSafeEqual(actual, expected) && storedHash !== null;
}
