// The guest's language on the server (issue 26): an API request's from its Accept-Language (the client sends the
// language the guest chose), a page's from ?lang first; Spanish when nothing names one of ours.
import type { FastifyRequest } from 'fastify';
import { formatText } from '@shared/i18n/format-text.ts';
import { guestEmailTextsEs, type GuestEmailTexts, type TemplateKey, type TemplateTranslations } from '@shared/i18n/guest-email-texts.ts';
import { guestTextsEs, type GuestTexts } from '@shared/i18n/guest-texts.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language, negotiateLanguage } from '@shared/i18n/languages.ts';
import { type GuestText, textAt } from '@shared/i18n/text-keys.ts';
import { guestEmailTranslations, guestTextTranslations } from '@shared/i18n/translations/index.ts';

export function apiLanguage(request: FastifyRequest): Language {
  return negotiateLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/** A page's language: ?lang (an unknown one means Spanish), else the browser's Accept-Language, else Spanish. */
export function pageLanguage(request: FastifyRequest): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (asked !== undefined) return isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
  return apiLanguage(request);
}

export function guestTexts(language: Language): GuestTexts {
  return language === DEFAULT_LANGUAGE ? guestTextsEs : guestTextTranslations[language];
}

export function guestEmailTexts(language: Language): GuestEmailTexts {
  return language === DEFAULT_LANGUAGE ? guestEmailTextsEs : guestEmailTranslations[language];
}

type TemplateConfig = Record<TemplateKey, string> & { templateTranslations: TemplateTranslations };

/** A staff-editable template in `language`: staff's own wording, else the shipped translation of the default. */
export function guestTemplate(config: TemplateConfig, key: TemplateKey, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return config[key];
  return config.templateTranslations[language]?.[key] ?? guestEmailTranslations[language].templates[key];
}

/**
 * The landing's welcome or the cancellation policy in `language` (issue 50, item 6): staff's own wording, else the
 * shipped translation while the Spanish is still the default, else staff's Spanish text as written, marked
 * `inSpanish` so the page says so: never a generic line in its place.
 */
export function guestPageTemplate(
  config: TemplateConfig,
  key: 'welcomeMessage' | 'cancellationPolicy',
  language: Language,
): { text: string; inSpanish: boolean } {
  if (language === DEFAULT_LANGUAGE) return { text: config[key], inSpanish: false };
  const own = config.templateTranslations[language]?.[key];
  if (own) return { text: own, inSpanish: false };
  const spanish = config[key].trim();
  if (!spanish || spanish === guestEmailTextsEs.templates[key]) return { text: guestEmailTranslations[language].templates[key], inSpanish: false };
  return { text: config[key], inSpanish: true };
}

/** A guest text named by its key, in `language` with its values filled (decision 035). */
export function guestTextIn(text: GuestText, language: Language): string {
  return formatText(textAt(guestTexts(language), text.key), text.values, language);
}
