import type { CSSProperties } from 'react';

export const DEFAULT_BRAND_COLOR = '#b45309';
const HEX_COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;

/**
 * CSS variables for the restaurant's brand colour, set through the style prop (CSSOM, allowed by
 * the CSP). The text colour on brand surfaces follows the colour's lightness so that a pale
 * brand colour chosen by the administrator stays readable.
 */
export function brandStyle(color: string | null | undefined): CSSProperties {
  const brand = color && HEX_COLOR.test(color) ? color : DEFAULT_BRAND_COLOR;
  return {
    '--brand': brand,
    // Above a WCAG relative luminance of 0.179, dark text contrasts more than white.
    '--brand-foreground': relativeLuminance(brand) > 0.179 ? '#1c1917' : '#ffffff',
  } as CSSProperties;
}

function relativeLuminance(hex: string): number {
  const digits =
    hex.length === 4
      ? [...hex.slice(1)].map((d) => d + d)
      : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r = 0, g = 0, b = 0] = digits.map((d) => {
    const c = Number.parseInt(d, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
