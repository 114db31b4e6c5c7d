import { describe, expect, it } from 'vitest';
import { brandStyle, DEFAULT_BRAND_COLOR } from './brand';

describe('brandStyle', () => {
  it('uses the configured colour with white text on a dark colour', () => {
    expect(brandStyle('#1d4ed8')).toEqual({ '--brand': '#1d4ed8', '--brand-foreground': '#ffffff' });
    expect(brandStyle(DEFAULT_BRAND_COLOR)).toMatchObject({ '--brand-foreground': '#ffffff' });
  });

  it('switches to dark text on a pale colour', () => {
    expect(brandStyle('#fde68a')).toMatchObject({ '--brand-foreground': '#1c1917' });
    expect(brandStyle('#fff')).toMatchObject({ '--brand-foreground': '#1c1917' });
  });

  it('falls back to the default for a missing or non-hex value', () => {
    for (const value of [null, undefined, '', 'red', 'url(x)', '#12345']) {
      expect(brandStyle(value)).toMatchObject({ '--brand': DEFAULT_BRAND_COLOR });
    }
  });
});
