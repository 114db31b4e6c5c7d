// Money is integer cents in euros everywhere; this is the one way it is shown.

/**
 * '60,00 €' in Spanish, '€60.00' in English. `wholeWithoutCents`: '20 €' for a whole amount (the guest's policy
 * text), cents shown only when there are some.
 */
export function formatEuros(cents: number, locale = 'es-ES', { wholeWithoutCents = false } = {}): string {
  const digits = wholeWithoutCents && cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}
