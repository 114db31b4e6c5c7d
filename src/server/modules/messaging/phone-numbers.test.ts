import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPhone } from './phone-numbers.ts';

describe('readPhone', () => {
  it.each([
    ['612 345 678', '+34612345678', true],
    ['612-34-56-78', '+34612345678', true],
    ['+34 612 345 678', '+34612345678', true],
    ['0034 612345678', '+34612345678', true],
    ['912 345 678', '+34912345678', false],
    ['+33 6 12 34 56 78', '+33612345678', true],
    ['+1 202 555 0143', '+12025550143', true],
  ])('reads %s as %s', (typed, e164, mobile) => {
    expect(readPhone(typed)).toEqual({ ok: true, e164, mobile });
  });

  it('asks for the prefix of a number that is not Spanish and has none, instead of making it +34', () => {
    expect(readPhone('07911 123456')).toEqual({ ok: false, reason: 'needs_prefix' });
    expect(readPhone('1234567')).toEqual({ ok: false, reason: 'needs_prefix' });
  });

  it('refuses an international number that does not exist', () => {
    expect(readPhone('+34 123')).toEqual({ ok: false, reason: 'invalid' });
    expect(readPhone('00999 12345678')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('answers any typed text with an E.164 number or a reason, never throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (typed) => {
        const reading = readPhone(typed);
        if (reading.ok) expect(reading.e164).toMatch(/^\+[1-9]\d{6,14}$/);
        else expect(['needs_prefix', 'invalid']).toContain(reading.reason);
      }),
    );
  });

  it('gives one E.164 form to the ways a Spanish mobile is typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.constantFrom('', '+34 ', '0034', '+34'), fc.constantFrom(' ', '', '-', '.'), (rest, prefix, gap) => {
        const digits = `6${String(rest).padStart(8, '0')}`;
        const typed = prefix + [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].join(gap);
        expect(readPhone(typed)).toEqual({ ok: true, e164: `+34${digits}`, mobile: true });
      }),
    );
  });
});
