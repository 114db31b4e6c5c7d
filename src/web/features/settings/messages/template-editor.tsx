import { useId } from 'react';
import { restaurantConfigDefaults } from '@shared/defaults';
import { messagesCentreMessages } from '@shared/staff-messages/settings';
import type { AdminSettings } from '@shared/schemas/settings';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useAdminSettings } from '../api/get-admin-settings';
import { SaveStatus } from '@web/components/save-status';
import { isSubjectField, TEMPLATE_VARIABLES, type TemplateTextField } from './template-fields';
import { TemplateLabelRow } from './template-label-row';
import { TemplatePreview } from './template-preview';
import { restoreDefault, useSettingFieldSave } from '../fields/setting-field-save';

interface TemplateEditorProps {
  field: TemplateTextField;
  label: string;
  /** Off while the template's sending switch is off. */
  disabled?: boolean;
}

/**
 * One restaurant_config template: saved 500 ms after typing stops, with its saved state, the server's error,
 * and a restore-default. Messages also show their variables and a live preview; subjects are one line.
 * Render it inside TemplateSettingsGate.
 */
export function TemplateEditor(props: TemplateEditorProps) {
  const { data } = useAdminSettings();
  return data ? <TemplateEditorField {...props} settings={data} /> : null;
}

function TemplateEditorField({ field, label, disabled = false, settings }: TemplateEditorProps & { settings: AdminSettings }) {
  const id = useId();
  const labelId = `${id}-label`;
  const statusId = `${id}-status`;
  const variablesId = `${id}-variables`;
  const template = useSettingFieldSave(settings, field);
  const restore = () => void restoreDefault(template, restaurantConfigDefaults[field]);
  const subject = isSubjectField(field);
  const control = {
    id,
    value: template.value,
    disabled,
    'aria-invalid': template.state === 'error' || undefined,
    'aria-describedby': subject ? statusId : `${statusId} ${variablesId}`,
    onBlur: template.flush,
  };

  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-2">
      <TemplateLabelRow id={id} labelId={labelId} label={label} restoreLabel={messagesCentreMessages.restoreDefault} disabled={disabled} onRestore={restore} />
      {subject ? (
        <Input {...control} onChange={(event) => template.change(event.target.value)} />
      ) : (
        <Textarea {...control} rows={4} onChange={(event) => template.change(event.target.value)} />
      )}
      <SaveStatus id={statusId} state={template.state} error={template.error} />
      {!subject && (
        <TemplatePreview
          template={template.value}
          restaurantName={settings.name}
          variables={TEMPLATE_VARIABLES[field]}
          variablesId={variablesId}
        />
      )}
    </div>
  );
}
