import { useId } from 'react';
import { isLanguage, LANGUAGES, type Language, languageNames } from '@shared/i18n/languages';
import { templateTranslationsMessages } from '@shared/staff-messages/settings';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';

const text = templateTranslationsMessages;

/** Which language's texts the centre shows: a native select, as the guests' own switcher is. */
export function TemplateLanguageSelect({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{text.language}</Label>
      <select
        id={id}
        value={value}
        aria-describedby={hintId}
        onChange={(event) => {
          if (isLanguage(event.target.value)) onChange(event.target.value);
        }}
        className={cn(fieldClassName, 'h-11 sm:max-w-60')}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
      <p id={hintId} className="text-xs text-muted-foreground">
        {text.languageHint}
      </p>
    </div>
  );
}
