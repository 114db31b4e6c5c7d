import { useId } from 'react';
import { Languages } from 'lucide-react';
import type { TemplateKey } from '@shared/i18n/guest-email-texts';
import type { TranslatedLanguage } from '@shared/i18n/languages';
import { isSubjectKey, type TemplateTranslationText } from '@shared/schemas/template-translation-text';
import { templateTranslationsMessages } from '@shared/staff-messages/settings';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { SaveStatus } from '@web/components/save-status';
import { TEMPLATE_VARIABLES, type TemplateMessageField } from './template-fields';
import { TemplateLabelRow } from './template-label-row';
import { TemplatePreview } from './template-preview';
import { useTemplateTranslationSave } from './use-template-translation-save';

const text = templateTranslationsMessages;

interface TemplateTranslationEditorProps {
  language: TranslatedLanguage;
  field: TemplateKey;
  label: string;
  entry: TemplateTranslationText;
  restaurantName: string;
}

const isMessageField = (field: TemplateKey): field is TemplateMessageField => field in TEMPLATE_VARIABLES;

/**
 * One template in another language: staff's own wording or the shipped one (said under the field), saved as the
 * Spanish editors are, with its preview in that language. The landing's texts have no variables and no preview.
 */
export function TemplateTranslationEditor({ language, field, label, entry, restaurantName }: TemplateTranslationEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const noteId = `${id}-note`;
  const statusId = `${id}-status`;
  const variablesId = `${id}-variables`;
  const template = useTemplateTranslationSave(language, field, entry);
  const shipped = entry.own === null;
  const message = isMessageField(field);
  const control = {
    id,
    lang: language,
    value: template.value,
    'aria-invalid': template.state === 'error' || undefined,
    'aria-describedby': [shipped && noteId, statusId, message && variablesId].filter(Boolean).join(' '),
    onBlur: template.flush,
  };

  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-2">
      <TemplateLabelRow id={id} labelId={labelId} label={label} restoreLabel={text.restoreShipped} onRestore={template.restore} />
      {isSubjectKey(field) ? (
        <Input {...control} className="h-11" onChange={(event) => template.change(event.target.value)} />
      ) : (
        <Textarea {...control} rows={4} onChange={(event) => template.change(event.target.value)} />
      )}
      {shipped && (
        <p id={noteId} className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Languages aria-hidden="true" className="size-3.5 shrink-0" />
          {text.shipped}
        </p>
      )}
      <SaveStatus id={statusId} state={template.state} error={template.error} />
      {message && (
        <TemplatePreview
          template={template.value}
          restaurantName={restaurantName}
          variables={TEMPLATE_VARIABLES[field]}
          variablesId={variablesId}
          language={language}
        />
      )}
    </div>
  );
}
