// The guest pages' language (issue 26). A native select: the lightest control, and one that every keyboard, phone and
// screen reader already knows how to work. Each language is listed in itself, marked with its own lang.
import { useId, useState } from 'react';
import { isLanguage, LANGUAGES, type Language, languageNames } from '@shared/i18n/languages';
import { cn } from '@web/lib/cn';
import { setGuestLanguage, useGuestLanguage } from '@web/lib/i18n/guest-language';

/** The guest's choice is kept in this browser for the next visit (guest-language.ts). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { language, texts } = useGuestLanguage();
  const id = useId();
  // The chosen language shows at once while its texts load; a failed load (offline) goes back to the current one.
  const [loading, setLoading] = useState<Language | null>(null);

  function choose(value: string) {
    if (!isLanguage(value)) return;
    setLoading(value);
    void setGuestLanguage(value, { remember: true })
      .catch(() => undefined)
      .finally(() => setLoading((current) => (current === value ? null : current)));
  }

  return (
    <div className={cn('shrink-0', className)}>
      <label htmlFor={id} className="sr-only">
        {texts.language.label}
      </label>
      <select
        id={id}
        value={loading ?? language}
        onChange={(event) => choose(event.target.value)}
        className="h-11 rounded-md border border-input bg-card px-2 text-base text-foreground sm:text-sm"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
