// The guest pages' language (issue 26): chosen by ?lang, else the guest's earlier choice (local storage, no cookie),
// else the browser's languages, else Spanish. Spanish ships in the first load; another language's texts and date
// locale load on demand. Staff pages never choose one: they stay Spanish.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Locale } from 'date-fns';
import { firstScreenTextsEs, type FirstScreenTexts } from '@shared/i18n/first-screen-texts';
import type { TextValues } from '@shared/i18n/format-text';
import type { GuestTexts } from '@shared/i18n/guest-texts';
import { DEFAULT_LANGUAGE, isLanguage, type Language, negotiateLanguage } from '@shared/i18n/languages';
import { formatMessage } from '@shared/messages';

export interface GuestLanguageState {
  language: Language;
  /** The first screen's texts; for another language than Spanish, every guest page's. */
  texts: FirstScreenTexts;
  /** Every guest page's texts when not Spanish (Spanish private-page texts load with those pages). */
  translation: GuestTexts | null;
  /** date-fns' locale for the calendar; null for Spanish (the calendar's own import). */
  dateLocale: Locale | null;
  /**
   * Fills a text's placeholders in this language. Spanish texts use only plain {name} arguments (the catalogue test
   * proves it), so Spanish needs no ICU formatter in the first load; another language's comes with its texts.
   */
  format: (text: string, values?: TextValues) => string;
}

const STORAGE_KEY = 'mesa.language';

const SPANISH: GuestLanguageState = {
  language: DEFAULT_LANGUAGE,
  texts: firstScreenTextsEs,
  translation: null,
  dateLocale: null,
  format: (text, values = {}) => formatMessage(text, values),
};
let state = SPANISH;
const listeners = new Set<() => void>();
/** The latest choice: a slower load of an earlier one must not overwrite it. */
let latestChoice = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const guestLanguageState = (): GuestLanguageState => state;

/** The language API requests ask for (Accept-Language): the guest's, or Spanish on staff pages. */
export const currentLanguage = (): Language => state.language;

/**
 * The language a page was rendered in by the server (web/ssr): what the server's render reads, and what the browser's
 * hydration reads before it moves to the guest's own language (useSyncExternalStore's server snapshot).
 */
export const RenderedLanguage = createContext<GuestLanguageState>(SPANISH);

/**
 * The guest pages' language and texts. A page the server rendered hydrates with the language it was rendered in
 * (RenderedLanguage), then React re-renders it in the guest's language if that is another.
 */
export function useGuestLanguage(): GuestLanguageState {
  const rendered = useContext(RenderedLanguage);
  return useSyncExternalStore(subscribe, guestLanguageState, () => rendered);
}

/**
 * The state to hydrate a page the server rendered in `rendered` with: Spanish always ships; another language only when
 * its texts are the ones loaded (the guest's own). Null when they are not: the browser then renders the page anew.
 */
export function hydrationLanguage(rendered: Language): GuestLanguageState | null {
  if (rendered === DEFAULT_LANGUAGE) return SPANISH;
  return state.language === rendered ? state : null;
}

function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // storage blocked (a private window, a sandboxed frame)
  }
}

/** ?lang=xx (an unknown one means Spanish), else the guest's stored choice, else the browser's languages, else Spanish. */
export function initialGuestLanguage(search: string = location.search): Language {
  const asked = new URLSearchParams(search).get('lang');
  if (asked !== null) return isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
  return storedLanguage() ?? negotiateLanguage(navigator.languages.join(',')) ?? DEFAULT_LANGUAGE;
}

/** Loads `language`'s texts (and date locale) and makes it the page's; `remember` keeps the choice for next time. */
export async function setGuestLanguage(language: Language, { remember = false } = {}): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // The choice then lasts for this page only.
    }
  }
  const choice = ++latestChoice;
  if (language === state.language) return;
  const next = await loadGuestLanguage(language);
  if (choice !== latestChoice) return;
  state = next;
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** `language`'s texts, date locale and formatter, loaded (the server's render of a guest page uses it too). */
export async function loadGuestLanguage(language: Language): Promise<GuestLanguageState> {
  if (language === DEFAULT_LANGUAGE) return SPANISH;
  const { loaders, loadFormatter } = await import('./translation-loaders');
  const [[{ default: translation }, dateLocale], formatText] = await Promise.all([loaders[language](), loadFormatter()]);
  const format = (text: string, values?: TextValues) => formatText(text, values, language);
  return { language, texts: translation, translation, dateLocale, format };
}
