// The guest pages' texts in the guest's language, the formatter that fills their placeholders, and the translation
// of a Spanish text that reached the page without its key (a shared schema's message, a day's closed reason).
import { useCallback } from 'react';
import { firstScreenTextsEs } from '@shared/i18n/first-screen-texts';
import { translationOf } from '@shared/i18n/spanish-source';
import { useGuestLanguage } from './guest-language';

export function useGuestTexts() {
  const { texts, language, translation, dateLocale, format } = useGuestLanguage();
  const localise = useCallback(
    (spanish: string) => (translation ? format(translationOf(spanish, firstScreenTextsEs, translation) ?? spanish) : spanish),
    [translation, format],
  );
  return { texts, language, translation, dateLocale, format, localise };
}
