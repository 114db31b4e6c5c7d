import { describe, expect, it } from 'vitest';
import { isValidNif, normaliseNif } from './nif.ts';

describe('isValidNif', () => {
  it.each([
    '12345678Z', // DNI
    '00000000T',
    'X1234567L', // NIE
    'Y1234567X',
    'B12345674', // company, digit control
    'A58818501',
    'Q2826000H', // public body, letter control
    'b-12.345.674',
  ])('accepts %s', (nif) => expect(isValidNif(nif)).toBe(true));

  it.each(['12345678A', 'X1234567A', 'B12345675', 'Q2826000A', '1234567Z', 'ZZZ', '', 'B1234567'])('refuses %s', (nif) =>
    expect(isValidNif(nif)).toBe(false),
  );

  it('normalises spaces, dots, dashes and case', () => expect(normaliseNif(' b-12.345.674 ')).toBe('B12345674'));
});
