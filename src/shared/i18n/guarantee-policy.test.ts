import { describe, expect, it } from 'vitest';
import { formatText } from './format-text.ts';
import { guaranteePolicyKey, guaranteePolicyValues } from './guarantee-policy.ts';
import { guestTextsEs } from './guest-texts.ts';
import { textAt } from './text-keys.ts';
import { guestTextTranslations } from './translations/index.ts';

// Intl writes a no-break space (and a narrow one in French) between number and sign: compared as plain spaces.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const terms = { amountPerPersonCents: 2000, freeCancellationHours: 24 };

describe('guaranteePolicyValues', () => {
  it('says the amount per person, the party total and the window in the guest’s language', () => {
    expect(Object.fromEntries(Object.entries(guaranteePolicyValues(terms, 8, 'es')).map(([k, v]) => [k, spaced(v)]))).toEqual({
      amount: '20 €',
      total: '160 €',
      hours: '24 horas',
    });
    expect(guaranteePolicyValues(terms, 8, 'en')).toEqual({ amount: '€20', total: '€160', hours: '24 hours' });
    expect(spaced(guaranteePolicyValues(terms, 8, 'de').hours)).toBe('24 Stunden');
  });

  it('uses the singular for one hour and keeps cents when there are any', () => {
    const values = guaranteePolicyValues({ amountPerPersonCents: 1250, freeCancellationHours: 1 }, 3, 'es');
    expect(spaced(values.hours)).toBe('1 hora');
    expect(spaced(values.amount)).toBe('12,50 €');
    expect(spaced(values.total)).toBe('37,50 €');
    expect(guaranteePolicyValues({ amountPerPersonCents: 1250, freeCancellationHours: 1 }, 3, 'en').hours).toBe('1 hour');
  });
});

describe('guaranteePolicyKey', () => {
  it('names the text with a free-cancellation window, or the one without when there is none', () => {
    expect(guaranteePolicyKey(terms)).toBe('reservation.guarantee.text');
    expect(guaranteePolicyKey({ ...terms, freeCancellationHours: 0 })).toBe('reservation.guarantee.textNoFreeCancellation');
  });

  it('fills a whole sentence in Spanish and in English', () => {
    const es = formatText(textAt(guestTextsEs, guaranteePolicyKey(terms)), { ...guaranteePolicyValues(terms, 8, 'es') }, 'es');
    expect(spaced(es)).toContain('con menos de 24 horas de antelación, podremos cobrar 20 € por persona (160 € en total)');
    const en = formatText(textAt(guestTextTranslations.en, guaranteePolicyKey(terms)), { ...guaranteePolicyValues(terms, 8, 'en') }, 'en');
    expect(en).toContain('cancel less than 24 hours before, we may charge €20 per person (€160 in total)');
  });
});
