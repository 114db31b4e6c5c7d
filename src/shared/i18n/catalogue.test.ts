// The catalogue's completeness (issue 26): every language has every key, the same placeholders as Spanish, texts the
// ICU parser reads, and Spanish texts the browser can format without the parser.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages.ts';
import { formatText, plainArgumentElements } from './format-text.ts';
import { guestEmailTextsEs } from './guest-email-texts.ts';
import { guestTextsEs } from './guest-texts.ts';
import { LANGUAGES } from './languages.ts';
import { guestEmailTranslations, guestTextTranslations } from './translations/index.ts';

type Leaf = { path: string; text: string };

function leaves(value: unknown, path = ''): Leaf[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (!value || typeof value !== 'object') return [{ path, text: String(value) }];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
}

function argumentNames(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentNames(option.value, names);
    }
    if (element.type === TYPE.tag) argumentNames(element.children, names);
  }
  return names;
}

const icuArguments = (text: string) => [...argumentNames(parse(text, { ignoreTag: true }))].sort();
const templateArguments = (text: string) => [...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (m) => m[1]))].sort();

const translated = LANGUAGES.filter((language) => language !== 'es');

describe.each(translated)('the %s catalogue', (language) => {
  const pages = new Map(leaves(guestTextTranslations[language]).map((leaf) => [leaf.path, leaf.text]));
  const emails = new Map(leaves(guestEmailTranslations[language]).map((leaf) => [leaf.path, leaf.text]));

  it('has every Spanish key of the pages and nothing else, each a non-empty text', () => {
    const spanish = leaves(guestTextsEs).map((leaf) => leaf.path);
    expect([...pages.keys()].sort()).toEqual(spanish.sort());
    for (const [path, text] of pages) expect(text.trim(), path).not.toBe('');
  });

  it("uses the Spanish text's placeholders, no more and no fewer, in texts the ICU parser reads", () => {
    for (const { path, text } of leaves(guestTextsEs)) {
      expect(icuArguments(pages.get(path) ?? ''), `${language} ${path}`).toEqual(icuArguments(text));
    }
  });

  it('has every email key, with the same placeholders (templates: the same {names}, no ICU syntax)', () => {
    const spanish = leaves(guestEmailTextsEs);
    expect([...emails.keys()].sort()).toEqual(spanish.map((leaf) => leaf.path).sort());
    for (const { path, text } of spanish) {
      const translation = emails.get(path) ?? '';
      expect(translation.trim(), path).not.toBe('');
      if (path.startsWith('templates.')) {
        expect(templateArguments(translation), `${language} ${path}`).toEqual(templateArguments(text));
        expect(translation, `${language} ${path}`).not.toMatch(/\{\w+,/);
      } else {
        expect(icuArguments(translation), `${language} ${path}`).toEqual(icuArguments(text));
      }
    }
  });

  it('differs from Spanish (nothing left untranslated by mistake) in most texts', () => {
    const spanish = leaves(guestTextsEs);
    const same = spanish.filter(({ path, text }) => pages.get(path) === text && /[a-z]{4}/i.test(text));
    expect(same.length / spanish.length).toBeLessThan(0.05);
  });
});

describe('the Spanish guest texts', () => {
  it('use only plain {name} arguments, formatted in the browser exactly as the ICU parser reads them', () => {
    for (const { path, text } of leaves(guestTextsEs)) {
      if (!text.includes('{')) continue;
      expect(plainArgumentElements(text), path).toEqual(parse(text, { ignoreTag: true }));
    }
  });

  it("read the same through the first load's plain formatter as through ICU (the browser's Spanish path)", () => {
    for (const { path, text } of leaves(guestTextsEs)) {
      const values = Object.fromEntries(icuArguments(text).map((name, index) => [name, index === 0 ? 1 : `«${name}»`]));
      expect(formatMessage(text, values), path).toBe(formatText(text, values, 'es'));
    }
  });
});

describe("a waitlist offer's time (issue 50, item 6)", () => {
  const madridTime = { es: '(hora de Madrid)', en: '(Madrid time)', fr: '(heure de Madrid)', de: '(Madrider Zeit)', it: '(ora di Madrid)', ca: '(hora de Madrid)' };
  it.each(LANGUAGES)('says in %s that it is Madrid time, on the page and in the email', (language) => {
    const page = language === 'es' ? guestTextsEs : guestTextTranslations[language];
    const email = language === 'es' ? guestEmailTextsEs : guestEmailTranslations[language];
    expect(page.waitlist.offerIntro).toContain(madridTime[language]);
    expect(email.waitlist.offerIntro).toContain(madridTime[language]);
  });
});
