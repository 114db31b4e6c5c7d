import { z } from 'zod';
import { guestText } from '@shared/i18n/text-keys.ts';
import { fieldText } from '@shared/schemas/guest-field-text.ts';
import { AppError, type FieldTexts, validationError } from './errors.ts';

const ID_FORMATS = new Set(['uuid', 'uuidv4', 'uuidv6', 'guid', 'nanoid', 'cuid', 'cuid2', 'ulid']);
// zod's es locale knows only the words "starts with", "regex" and the like: the rest it says as "Inválido UUID".
const OWN_WORDING_FORMATS = new Set(['starts_with', 'ends_with', 'includes', 'regex']);
const zodSpanish = z.locales.es().localeError;

// zod's own messages (a wrong type, say) in Spanish too, not only the ones our schemas spell out; a malformed format
// said as a text of ours, by its key, so a guest reads it in their language.
z.config({
  localeError: (issue) => {
    if (issue.code !== 'invalid_format' || OWN_WORDING_FORMATS.has(issue.format)) return zodSpanish?.(issue);
    return fieldText(ID_FORMATS.has(issue.format) ? 'http.invalidId' : 'http.invalidFormat').error(issue);
  },
});

/**
 * Far above any field's own limit (the longest, a message template, is 2,000): a longer string is refused here, before
 * any schema trims, matches or counts it, so no pattern ever runs on a value as long as the body limit allows.
 */
export const MAX_INPUT_STRING_LENGTH = 10_000;
// With the u flag a surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** Deeper than any schema of ours: a body nested further is refused before anything walks it recursively. */
const MAX_INPUT_DEPTH = 32;

/**
 * PostgreSQL cannot store U+0000 in text, and a lone UTF-16 surrogate (JSON allows "\ud800") would be stored as U+FFFD,
 * not as sent: such input is refused as bad input here rather than failing or changing at the INSERT. Walked with
 * an explicit stack, so that a hostile body of thousands of nested arrays is a 400, not a stack overflow.
 */
function checkStrings(input: unknown): void {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === 'string' && value.length > MAX_INPUT_STRING_LENGTH) {
      const message = guestText('http.textTooLong');
      throw new AppError(400, 'validation_failed', message, { [path.join('.') || '_']: message });
    }
    if (typeof value === 'string' && (value.includes('\u0000') || LONE_SURROGATE.test(value))) {
      throw new AppError(400, 'validation_failed', guestText('http.invalidCharacters'), { [path.join('.') || '_']: guestText('http.invalidCharacters') });
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) throw new AppError(400, 'validation_failed', guestText('http.badRequest'));
    for (const [key, child] of Object.entries(value).reverse()) stack.push({ value: child, path: [...path, key] });
  }
}

/**
 * Parses a request's params, query or body with a shared schema; a failure is a 400 with one message per field, in
 * the guest's language where the schema names its text (`fieldTexts`: a route's own texts, by top-level field).
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown, fieldTexts?: FieldTexts): z.output<Schema> {
  checkStrings(value);
  // No body at all reads as an empty object; a JSON `null` is a wrong type like any other.
  const result = schema.safeParse(value === undefined ? {} : value);
  if (!result.success) throw validationError(result.error, fieldTexts);
  return result.data;
}

/** The `:id` in a route's path: a UUID, else a 400 as any other bad input. */
export const idParamsSchema = z.object({ id: z.uuid() });
export const idOf = (request: { params: unknown }): string => parseInput(idParamsSchema, request.params).id;
