import { describe, expect, it } from 'vitest';
import { telHref } from './phone-link.ts';

describe('telHref', () => {
  it('dials a Spanish number typed without a prefix with +34', () => {
    expect(telHref('600 11 12 22')).toBe('tel:+34600111222');
    expect(telHref('91-555-12-34')).toBe('tel:+34915551234');
  });

  it('keeps a number that names its own prefix', () => {
    expect(telHref('+34 600 111 222')).toBe('tel:+34600111222');
    expect(telHref('+33 6 12 34 56 78')).toBe('tel:+33612345678');
    expect(telHref('0044 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('(+44) 20 7946 0958')).toBe('tel:+442079460958');
  });

  it('leaves a number it cannot read as its digits', () => {
    expect(telHref('112')).toBe('tel:112');
  });
});
