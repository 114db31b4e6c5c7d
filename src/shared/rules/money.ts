// Money is integer cents in euros; shown in the reader's locale.

/** '60,00 €' in Spanish, '€60.00' in English. */
export function formatEuros(cents: number, locale = 'es-ES'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
