import { expect, it } from 'vitest';
import { formatEuros } from './money.ts';

it('shows cents as euros in the reader’s locale', () => {
  expect(formatEuros(6000).replace(/\s/g, ' ')).toBe('60,00 €');
  expect(formatEuros(123456, 'en-GB')).toBe('€1,234.56');
});
