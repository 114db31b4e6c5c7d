// The card guarantee's policy as a guest reads it (issue 45): the booking page, and later the emails and the private
// page, fill the same texts with these values.
import type { GuaranteeTerms } from '../schemas/card-guarantee.ts';
import { noShowFeeCents } from '../rules/card-guarantee.ts';
import { formatEuros } from '../rules/money.ts';
import { type Language, languageLocales } from './languages.ts';
import type { FirstScreenTextKey } from './text-keys.ts';

export interface GuaranteePolicyValues {
  /** The fee per person, '20 €' ('€20.00' style in English). */
  amount: string;
  /** The fee for the whole party. */
  total: string;
  /**
   * The free-cancellation window with its unit, '24 horas' / '1 hour': Intl's plural rules, so the Spanish text keeps
   * plain arguments (the first load has no ICU formatter: decision 031).
   */
  hours: string;
}

type PolicyTerms = Pick<GuaranteeTerms, 'amountPerPersonCents' | 'freeCancellationHours'>;

/** The values the policy's texts are filled with, for a party of `numberOfPeople`, in `language`. */
export function guaranteePolicyValues(terms: PolicyTerms, numberOfPeople: number, language: Language): GuaranteePolicyValues {
  const locale = languageLocales[language];
  const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' });
  return {
    amount: formatEuros(terms.amountPerPersonCents, locale, { wholeWithoutCents: true }),
    total: formatEuros(noShowFeeCents(terms.amountPerPersonCents, numberOfPeople), locale, { wholeWithoutCents: true }),
    hours: hours.format(terms.freeCancellationHours),
  };
}

/** The policy's text: with no free-cancellation window any cancellation may be charged, and the text says so. */
export const guaranteePolicyKey = (terms: PolicyTerms): FirstScreenTextKey =>
  terms.freeCancellationHours > 0 ? 'reservation.guarantee.text' : 'reservation.guarantee.textNoFreeCancellation';

/** Until when a guarantee link serves, '30 de noviembre, 21:00', in Madrid's time (the email and its page). */
export function guaranteeLinkUntil(until: Date, language: Language): string {
  const format = new Intl.DateTimeFormat(languageLocales[language], {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Madrid',
  });
  return format.format(until);
}
