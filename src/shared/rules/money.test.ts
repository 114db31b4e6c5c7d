import { expect, it } from 'vitest';
import { formatEuros } from './money.ts';

const spaced = (text: string) => text.replace(/\s/g, ' ');

it('shows cents as euros in the reader’s locale', () => {
  expect(spaced(formatEuros(6000))).toBe('60,00 €');
  expect(formatEuros(123456, 'en-GB')).toBe('€1,234.56');
});

it('leaves out the cents of a whole amount when asked, and groups thousands as the language does', () => {
  expect(spaced(formatEuros(1_234_500, 'de-DE', { wholeWithoutCents: true }))).toBe('12.345 €');
  expect(formatEuros(1_234_550, 'en-GB', { wholeWithoutCents: true })).toBe('€12,345.50');
});
