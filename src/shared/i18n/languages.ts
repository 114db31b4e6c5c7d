// The guest side's languages (issue 26): Spanish is the default and the spec's own; the back office stays Spanish.

export const LANGUAGES = ['es', 'en', 'ca', 'fr', 'de', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE = 'es' satisfies Language;
export type TranslatedLanguage = Exclude<Language, typeof DEFAULT_LANGUAGE>;
/** The languages translated from Spanish. */
export const TRANSLATED_LANGUAGES = ['en', 'ca', 'fr', 'de', 'it'] as const satisfies readonly TranslatedLanguage[];

/** Each language's name in itself, as the switcher lists them. */
export const languageNames: Record<Language, string> = {
  es: 'Español',
  en: 'English',
  ca: 'Català',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
};

/** The BCP 47 tag dates and numbers are formatted with. */
export const languageLocales: Record<Language, string> = {
  es: 'es-ES',
  en: 'en-GB',
  ca: 'ca-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const TAG = /^([a-z]{2,3})(?:-[a-z0-9]{1,8})*$/i;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
/** More than any browser sends; the rest of a longer header is not read. */
const MAX_HEADER_LENGTH = 512;
const MAX_RANGES = 16;

/** A language tag ('en-GB', 'CA') → one of ours by its primary subtag, or null. */
export function languageOfTag(tag: string): Language | null {
  const primary = TAG.exec(tag.trim())?.[1]?.toLowerCase();
  return isLanguage(primary) ? primary : null;
}

/**
 * The best of our languages for an Accept-Language header (RFC 9110 §12.5.4), or null when it names none of them.
 * Malformed ranges are skipped, q=0 refuses a language, and ties keep the header's order.
 */
export function negotiateLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranges: Array<{ language: Language | null; quality: number; index: number }> = [];
  const refused = new Set<Language>();
  const parts = header.slice(0, MAX_HEADER_LENGTH).split(',').slice(0, MAX_RANGES);
  parts.forEach((part, index) => {
    const [tag = '', ...parameters] = part.split(';');
    const quality = parameters.length ? QUALITY.exec(parameters[0]!.trim())?.[1] : '1';
    if (quality === undefined || parameters.length > 1) return;
    const language = languageOfTag(tag);
    if (!language) return;
    if (Number(quality) === 0) refused.add(language);
    else ranges.push({ language, quality: Number(quality), index });
  });
  ranges.sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.find((range) => range.language && !refused.has(range.language))?.language ?? null;
}
