import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents } from './euro-setting-field.tsx';

describe('eurosToCents', () => {
  it('reads whole euros and up to two decimals, with a comma or a point', () => {
    expect(eurosToCents('20', 100, 50_000)).toBe(2000);
    expect(eurosToCents(' 20,5 ', 100, 50_000)).toBe(2050);
    expect(eurosToCents('20.05', 100, 50_000)).toBe(2005);
  });

  it('refuses anything else, and amounts outside the limits', () => {
    for (const value of ['', 'veinte', '20,555', '-5', '1e3', '20,']) expect(eurosToCents(value, 100, 50_000), value).toBeUndefined();
    expect(eurosToCents('0', 100, 50_000)).toBeUndefined();
    expect(eurosToCents('0,99', 100, 50_000)).toBeUndefined();
    expect(eurosToCents('500,01', 100, 50_000)).toBeUndefined();
    expect(eurosToCents('500', 100, 50_000)).toBe(50_000);
  });
});

describe('centsToEuros', () => {
  it('writes whole euros without decimals and cents with a comma', () => {
    expect(centsToEuros(2000)).toBe('20');
    expect(centsToEuros(2050)).toBe('20,50');
  });
});
