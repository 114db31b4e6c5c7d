// Formats a catalogue text with ICU MessageFormat (FormatJS's intl-messageformat, decision 031): placeholders,
// plurals and select in the guest's language. The browser receives the other languages' texts already compiled (the
// Vite plugin in vite.config.ts) and ships no parser; Spanish texts use only plain {name} arguments, turned into the
// same elements here (the catalogue test proves it against the parser); the server parses anything.
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LANGUAGE, type Language, languageLocales } from './languages.ts';

type Element = ConstructorParameters<typeof IntlMessageFormat>[0] extends infer M ? Exclude<M, string> : never;
export type TextValues = Record<string, string | number>;

const PLAIN_ARGUMENT = /\{(\w+)\}/g;

/** 'Hola {name}' → the parser's own elements for text and plain arguments; null for anything else ICU may mean. */
export function plainArgumentElements(text: string): Element | null {
  if (text.includes("'") || text.includes('<')) return null;
  const elements: Element = [];
  let end = 0;
  for (const match of text.matchAll(PLAIN_ARGUMENT)) {
    if (match.index > end) elements.push({ type: 0, value: text.slice(end, match.index) });
    elements.push({ type: 1, value: match[1]! });
    end = match.index + match[0].length;
  }
  if (end < text.length) elements.push({ type: 0, value: text.slice(end) });
  return elements.some((element) => element.type === 0 && /[{}]/.test(element.value)) ? null : elements;
}

const compiled = new Map<Language, Map<unknown, IntlMessageFormat>>();

function messageFormat(text: string | Element, language: Language): IntlMessageFormat {
  let forLanguage = compiled.get(language);
  if (!forLanguage) compiled.set(language, (forLanguage = new Map()));
  let format = forLanguage.get(text);
  if (!format) {
    const source = typeof text === 'string' ? (plainArgumentElements(text) ?? text) : text;
    format = new IntlMessageFormat(source, languageLocales[language], undefined, { ignoreTag: true });
    forLanguage.set(text, format);
  }
  return format;
}

/**
 * A catalogue text with its values filled in `language`'s plural rules and number formats. The catalogue's types say
 * string; in the browser a text with arguments is the compiled elements instead, so it only ever reaches the page
 * through here.
 */
export function formatText(text: string, values: TextValues = {}, language: Language = DEFAULT_LANGUAGE): string {
  if (typeof text === 'string' && !text.includes('{')) return text;
  return String(messageFormat(text, language).format(values));
}
