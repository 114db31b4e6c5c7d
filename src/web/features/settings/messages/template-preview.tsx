import { useId } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { Language } from '@shared/i18n/languages';
import { formatMessage } from '@shared/messages';
import { messagesCentreMessages } from '@shared/staff-messages/settings';
import { fillTemplate, SAMPLE_RESERVATION, unknownTemplateVariables } from '@shared/rules/templates';

const text = messagesCentreMessages;
const braces = (names: readonly string[]) => names.map((name) => `{${name}}`).join(', ');

/**
 * The template filled with the sample reservation as a guest of `language` would get it (Spanish by default), shown as
 * text (never as HTML), and the {variables} it may use.
 */
export function TemplatePreview({
  template,
  restaurantName,
  variables,
  variablesId,
  language,
}: {
  template: string;
  restaurantName: string;
  variables: readonly string[];
  variablesId: string;
  language?: Language;
}) {
  const captionId = useId();
  const unknown = unknownTemplateVariables(template);
  return (
    <>
      <p id={variablesId} className="text-xs text-muted-foreground">
        {formatMessage(text.availableVariables, { names: braces(variables) })}
      </p>
      {unknown.length > 0 && (
        <p role="status" className="flex items-start gap-1.5 text-xs text-amber-800">
          <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {formatMessage(text.unknownVariables, { names: braces(unknown) })}
        </p>
      )}
      <figure aria-labelledby={captionId} className="rounded-md border border-dashed bg-muted/40 p-3">
        <figcaption id={captionId} className="mb-1 text-xs font-medium text-muted-foreground">
          {text.preview}
        </figcaption>
        <p lang={language} className="whitespace-pre-wrap break-words text-sm">
          {fillTemplate(template, SAMPLE_RESERVATION, restaurantName, language)}
        </p>
      </figure>
    </>
  );
}
