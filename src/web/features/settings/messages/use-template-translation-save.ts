import { useCallback, useState } from 'react';
import type { TemplateKey } from '@shared/i18n/guest-email-texts';
import type { TranslatedLanguage } from '@shared/i18n/languages';
import { SETTINGS_DEBOUNCE_MS } from '@shared/limits';
import { ownTemplateTextSchema, type TemplateTranslationText } from '@shared/schemas/template-translation-text';
import { ApiRequestError } from '@web/lib/api';
import { useUpdateTemplateTranslation } from '../api/update-template-translation';
import { type SaveState, useDebouncedSave } from '../fields/use-debounced-save';

export interface TemplateTranslationSave {
  value: string;
  change: (value: string) => void;
  flush: () => void;
  /** 'Restaurar traducción incluida': staff's own wording removed at once. */
  restore: () => void;
  state: SaveState;
  error: string | null;
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
  const [echo, setEcho] = useState<{ sent: string; stored: string } | null>(null);

  const save = async (value: string) => {
    const checked = ownTemplateTextSchema(key).safeParse(value);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? '';
      throw new ApiRequestError(400, 'validation_failed', message, { [key]: message });
    }
    const own = checked.data === entry.shipped ? null : checked.data;
    const view = await update.mutateAsync({ language, texts: { [key]: own } });
    const saved = view[language][key];
    setEcho({ sent: value, stored: saved.own ?? saved.shipped });
  };

  const debounced = useDebouncedSave<string>(entry.own ?? entry.shipped, save, SETTINGS_DEBOUNCE_MS);
  const { change: debouncedChange, flush } = debounced;

  const change = useCallback(
    (value: string) => {
      setEcho(null);
      debouncedChange(value);
    },
    [debouncedChange],
  );

  const restore = useCallback(() => {
    change(entry.shipped);
    flush();
  }, [change, flush, entry.shipped]);

  // The server trims, and an emptied field means the shipped wording: neither replaces what is being typed.
  const value = echo !== null && debounced.draft === echo.stored ? echo.sent : debounced.draft;
  return { value, change, flush, restore, state: debounced.state, error: debounced.error };
}
