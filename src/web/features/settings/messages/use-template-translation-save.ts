import { useCallback } from 'react';
import type { TemplateKey } from '@shared/i18n/guest-email-texts';
import type { TranslatedLanguage } from '@shared/i18n/languages';
import { ownTemplateTextSchema, type TemplateTranslationText } from '@shared/schemas/template-translation-text';
import { ApiRequestError } from '@web/lib/api';
import { useUpdateTemplateTranslation } from '../api/update-template-translation';
import { type TextSave, useTextSave } from '../fields/use-text-save';

export interface TemplateTranslationSave extends TextSave {
  /** 'Restaurar traducción incluida': staff's own wording removed at once. */
  restore: () => void;
}

/**
 * One template in one language, saved SETTINGS_DEBOUNCE_MS after typing stops, as the Spanish ones are. The field
 * shows staff's own wording, else the shipped one; sending the shipped wording (or nothing) removes staff's own.
 */
export function useTemplateTranslationSave(
  language: TranslatedLanguage,
  key: TemplateKey,
  entry: TemplateTranslationText,
): TemplateTranslationSave {
  const update = useUpdateTemplateTranslation();

  const save = async (value: string) => {
    const checked = ownTemplateTextSchema(key).safeParse(value);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? '';
      throw new ApiRequestError(400, 'validation_failed', message, { [key]: message });
    }
    const own = checked.data === entry.shipped ? null : checked.data;
    const view = await update.mutateAsync({ language, texts: { [key]: own } });
    const saved = view[language][key];
    return saved.own ?? saved.shipped;
  };

  // The server trims, and an emptied field means the shipped wording: neither replaces what is being typed.
  const { value, change, flush, state, error } = useTextSave(entry.own ?? entry.shipped, save);

  const restore = useCallback(() => {
    change(entry.shipped);
    flush();
  }, [change, flush, entry.shipped]);

  return { value, change, flush, restore, state, error };
}
