import { z } from 'zod';
import { AppError, validationError } from './errors.ts';

// zod's own messages (a wrong type, say) in Spanish too, not only the ones our schemas spell out.
z.config(z.locales.es());

const NUL_MESSAGE = 'El texto contiene caracteres no válidos.';
// With the u flag a surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * PostgreSQL cannot store U+0000 in text, and a lone UTF-16 surrogate (JSON allows "\ud800") would be stored as U+FFFD,
 * not as sent: such input is refused as bad input here rather than failing or changing at the INSERT.
 */
function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path : null;
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = findNul(child, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Parses a request's params, query or body with a shared schema; a failure is a 400 with one Spanish message per field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const nulAt = findNul(value);
  if (nulAt) throw new AppError(400, 'validation_failed', NUL_MESSAGE, { [nulAt.join('.') || '_']: NUL_MESSAGE });
  // No body at all reads as an empty object; a JSON `null` is a wrong type like any other.
  const result = schema.safeParse(value === undefined ? {} : value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
