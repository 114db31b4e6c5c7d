import fc from 'fast-check';

/** Fragments an attacker (or a careless paste) sends: SQL, markup, template syntax, control and invisible characters. */
export const HOSTILE_FRAGMENTS = [
  "Robert'); DROP TABLE reservations;--",
  "' OR '1'='1",
  '1; SELECT pg_sleep(0); --',
  '<img src=x onerror=alert(1)>',
  '<script>alert("x")</script>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{name}} {name} ${name} #{name} %s %n',
  '../../etc/passwd',
  '\\x00\\u0000%00',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m\u007f',
  '\r\n\r\nSet-Cookie: x=1',
  '\u202eevil\u202c',
  '\u200b\u200b\u200b',
  '\ufeff',
  '\ud800',
  '🍷🥘👨‍👩‍👧‍👦🇪🇸',
  'Ñandú Pérez-Ölçü',
  '   ',
  '',
  '%',
  '_',
  '\\',
  'null',
  'undefined',
  'NaN',
  '[object Object]',
] as const;

/** Dates that look like dates and are not, or are in another format. */
export const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2025-02-29',
  '2026-04-31',
  '2026-11-31',
  '2026-13-01',
  '2026-00-10',
  '2026-11-00',
  '0000-01-01',
  '2026-1-5',
  '20261125',
  '25/11/2026',
  '2026-11-25T13:00:00Z',
  ' 2026-11-25',
  '2026-11-25 ',
  '+02026-11-25',
  '2026–11–25',
  '２０２６-１１-２５',
] as const;

/** Times outside 00:00–23:59 or in another format. */
export const IMPOSSIBLE_TIMES = [
  '24:00',
  '23:60',
  '25:30',
  '-1:00',
  '7:30',
  '07:5',
  '1330',
  '13:30:00',
  '13:30 ',
  '13.30',
  '99:99',
  '١٣:٣٠',
  '13:30pm',
] as const;

/** Numbers out of any sensible range; JSON has no NaN or Infinity (they become null). */
export const HOSTILE_NUMBERS = [
  -1,
  0,
  0.5,
  1e-7,
  31,
  101,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
] as const;

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom('a'.repeat(10_001), 'ñ'.repeat(2_001), '🍷'.repeat(1_001), ' '.repeat(5_000)) },
    { weight: 1, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES, ...IMPOSSIBLE_TIMES) },
  );

export const hostileNumber = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

/** A JSON value of any type: for a field it is usually the wrong one. */
export const wrongType = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(null),
    fc.boolean(),
    hostileNumber(),
    hostileString(),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  );

/** Marks a field to drop from the payload. */
export const MISSING = Symbol('missing');

export interface Mutation {
  field: string;
  value: unknown;
}

/**
 * One field of a valid payload replaced by a hostile value, dropped, or an extra field added: the shapes a
 * hand-written or replayed request takes.
 */
export const fieldMutation = (fields: readonly string[]): fc.Arbitrary<Mutation> =>
  fc.record({
    field: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...fields) },
      { weight: 1, arbitrary: fc.constantFrom('extra', '__proto__', 'constructor', 'isAdmin', 'id', 'status', '') },
    ),
    value: fc.oneof(
      { weight: 3, arbitrary: wrongType() },
      { weight: 1, arbitrary: fc.constant<unknown>(MISSING) },
    ),
  });

export function applyMutation(valid: Record<string, unknown>, { field, value }: Mutation): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...valid };
  if (value === MISSING) delete copy[field];
  // defineProperty: a plain assignment to '__proto__' would change the prototype instead of adding a key.
  else Object.defineProperty(copy, field, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

/** Top-level bodies that are not an object at all. */
export const notAnObject = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(null),
    fc.boolean(),
    hostileNumber(),
    hostileString(),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  );

/** Messages that would mean an English default (zod, Fastify) leaked through instead of a Spanish text. */
export const ENGLISH_DEFAULT =
  /\b(expected|invalid input|invalid (string|date|type|email|uuid)|required|must be|must have|should be|unexpected|received|too (big|small|long|short)|not a valid|unrecognized|body|payload|unsupported|error)\b/i;
