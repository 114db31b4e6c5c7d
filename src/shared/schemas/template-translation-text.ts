// One template's text in a language other than Spanish (issue 26): the rule the editor checks before it saves, apart
// from template-translations.ts so the browser's chunk does not take the Spanish emails' wording with TEMPLATE_KEYS.
import { z } from 'zod';
import type { TemplateKey } from '../i18n/guest-email-texts.ts';
import { settingsMessages } from '../staff-messages/settings.ts';
import { SUBJECT_MAX, TEMPLATE_MAX } from './settings.ts';

export const isSubjectKey = (key: TemplateKey) => key.endsWith('Subject');

/** null, or a text empty once trimmed, removes staff's own wording: the guest gets the shipped translation again. */
export const ownTemplateTextSchema = (key: TemplateKey) =>
  z
    .string()
    .trim()
    .max(isSubjectKey(key) ? SUBJECT_MAX : TEMPLATE_MAX, settingsMessages.validation.textTooLong)
    .transform((text) => text || null)
    .nullable();

/** One template in one language: staff's own wording (null when they wrote none) and the translation Mesa ships. */
export interface TemplateTranslationText {
  own: string | null;
  shipped: string;
}
