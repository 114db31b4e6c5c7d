// Each other language's texts and date-fns locale, a chunk of its own. This module is itself loaded on demand: the
// entry chunk's own dynamic imports count as the first load of every page (the server preloads them for /admin, the
// bench weighs them: web-manifest.ts), and these are only for a guest who reads another language than Spanish.
import type { Locale } from 'date-fns';
import type { GuestTexts } from '@shared/i18n/guest-texts';
import type { Language } from '@shared/i18n/languages';

export type TranslatedLanguage = Exclude<Language, 'es'>;

/** ICU MessageFormat (plurals, a translation's compiled texts): only another language than Spanish needs it. */
export const loadFormatter = () => import('@shared/i18n/format-text').then((module) => module.formatText);

export const loaders: Record<TranslatedLanguage, () => Promise<[{ default: GuestTexts }, Locale]>> = {
  en: () => Promise.all([import('@shared/i18n/translations/en.ts'), import('date-fns/locale/en-GB').then((m) => m.enGB)]),
  ca: () => Promise.all([import('@shared/i18n/translations/ca.ts'), import('date-fns/locale/ca').then((m) => m.ca)]),
  fr: () => Promise.all([import('@shared/i18n/translations/fr.ts'), import('date-fns/locale/fr').then((m) => m.fr)]),
  de: () => Promise.all([import('@shared/i18n/translations/de.ts'), import('date-fns/locale/de').then((m) => m.de)]),
  it: () => Promise.all([import('@shared/i18n/translations/it.ts'), import('date-fns/locale/it').then((m) => m.it)]),
};
