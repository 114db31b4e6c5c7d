// The guest pages' texts in the guest's language, the formatter that fills their placeholders, and a first-screen
// text by its key (a closed day's reason, a shared schema's message: decision 035).
import { useCallback } from 'react';
import type { TextValues } from '@shared/i18n/format-text';
import { type FirstScreenTextKey, textAt } from '@shared/i18n/text-keys';
import { useGuestLanguage } from './guest-language';

export function useGuestTexts() {
  const { texts, language, translation, dateLocale, format } = useGuestLanguage();
  const textOf = useCallback((key: FirstScreenTextKey, values?: TextValues) => format(textAt(texts, key), values), [texts, format]);
  return { texts, language, translation, dateLocale, format, textOf };
}

/** Says a first-screen text by its key in the guest's language. */
export type TextOf = ReturnType<typeof useGuestTexts>['textOf'];
