import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageOfTag, negotiateLanguage } from './languages.ts';

describe('negotiateLanguage', () => {
  it.each([
    ['en-GB,en;q=0.9,es;q=0.8', 'en'],
    ['ca-ES', 'ca'],
    ['FR', 'fr'],
    ['pt-BR,de;q=0.5,it;q=0.7', 'it'],
    ['es;q=0.1, de', 'de'],
    ['en;q=0, fr;q=0.2', 'fr'],
    ['*', null],
    ['pt-BR, zh', null],
    ['', null],
  ])('%j → %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });

  it('ignores malformed ranges and keeps the well-formed ones', () => {
    expect(negotiateLanguage('en;q=2, ;;;, de-;q=0.5, it;q=abc, ca;q=0.3')).toBe('ca');
    expect(negotiateLanguage('\u0000en, <script>, ca')).toBe('ca');
  });

  it('keeps the header order on equal quality', () => {
    expect(negotiateLanguage('fr, de')).toBe('fr');
    expect(negotiateLanguage('de;q=0.8, fr;q=0.8')).toBe('de');
  });

  it('never throws and answers one of ours or null, for any header', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (header) => {
        const language = negotiateLanguage(header);
        expect(language === null || LANGUAGES.includes(language)).toBe(true);
      }),
    );
  });
});

describe('languageOfTag', () => {
  it('reads the primary subtag only', () => {
    expect(languageOfTag('en-US')).toBe('en');
    expect(languageOfTag('ca-ES-valencia')).toBe('ca');
    expect(languageOfTag('eng')).toBeNull();
    expect(languageOfTag('e')).toBeNull();
  });
});
