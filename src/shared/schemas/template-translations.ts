// Configuración › Mensajes in the guests' other languages (issue 26, decision 031): staff's own wording of each
// template per language; Spanish stays in restaurant_config's own columns and is edited through settingsSchema.
import { z } from 'zod';
import { TEMPLATE_KEYS, type TemplateKey } from '../i18n/guest-email-texts.ts';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../i18n/languages.ts';
import { settingsMessages, templateTranslationsMessages } from '../staff-messages/settings.ts';
import { ownTemplateTextSchema, type TemplateTranslationText } from './template-translation-text.ts';

const sv = settingsMessages.validation;
const tv = templateTranslationsMessages.validation;

type OwnTextRule = ReturnType<typeof ownTemplateTextSchema>;
const textsShape = Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, ownTemplateTextSchema(key).optional()])) as {
  [K in TemplateKey]: z.ZodOptional<OwnTextRule>;
};

export const templateTranslationParamsSchema = z.object({
  language: z.enum(TRANSLATED_LANGUAGES, { error: tv.languageUnknown }),
});

/** PUT /api/admin/settings/template-translations/:language: any subset of the templates, each a text or null. */
export const templateTranslationInputSchema = z.strictObject({
  texts: z
    .strictObject(textsShape, { error: (issue) => (issue.code === 'unrecognized_keys' ? tv.keyUnknown : undefined) })
    .refine((texts) => Object.keys(texts).length > 0, sv.nothingToSave),
});
export type TemplateTranslationInput = z.input<typeof templateTranslationInputSchema>;
export type TemplateTranslationTexts = z.output<typeof templateTranslationInputSchema>['texts'];

export type { TemplateTranslationText };
/** GET /api/admin/settings/template-translations: every template in every language but Spanish. */
export type TemplateTranslationsView = Record<TranslatedLanguage, Record<TemplateKey, TemplateTranslationText>>;
