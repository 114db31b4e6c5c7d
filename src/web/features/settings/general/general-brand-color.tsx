import { useId } from 'react';
import { settingsMessages } from '@shared/staff-messages/settings';
import type { AdminSettings } from '@shared/schemas/settings';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SaveStatus } from '@web/components/save-status';
import { useSettingFieldSave } from '../fields/setting-field-save';

const text = settingsMessages.general;
const HEX = /^#[0-9a-f]{6}$/i;

/** The brand colour: a colour picker and its hex code, two views of one setting saved once typing stops. */
export function BrandColorField({ settings }: { settings: AdminSettings }) {
  const pickerId = useId();
  const hexId = useId();
  const statusId = `${hexId}-status`;
  const save = useSettingFieldSave(settings, 'brandColor');
  // The picker only holds a complete #rrggbb; while the hex code is half typed it keeps the saved colour.
  const pickerValue = (HEX.test(save.value) ? save.value : settings.brandColor).toLowerCase();

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex flex-wrap items-end gap-3">
        <FormField id={pickerId} label={text.brandColor}>
          {(control) => (
            <input
              {...control}
              type="color"
              value={pickerValue}
              onChange={(event) => save.change(event.target.value)}
              onBlur={save.flush}
              aria-describedby={statusId}
              className="h-10 w-16 cursor-pointer rounded-md border border-input bg-card p-1"
            />
          )}
        </FormField>
        <FormField id={hexId} label={text.brandColorHex} className="flex-1">
          {(control) => (
            <Input
              {...control}
              value={save.value}
              onChange={(event) => save.change(event.target.value)}
              onBlur={save.flush}
              maxLength={7}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={save.state === 'error'}
              aria-describedby={statusId}
              className="font-mono"
            />
          )}
        </FormField>
      </div>
      <SaveStatus id={statusId} state={save.state} error={save.error} />
    </div>
  );
}
