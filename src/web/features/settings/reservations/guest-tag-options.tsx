import { type FormEvent, useId, useState } from 'react';
import { GUEST_TAG_MAX_LENGTH } from '@shared/limits';
import { formatMessage } from '@shared/messages';
import { guestTagListSchema } from '@shared/schemas/guest';
import type { AdminSettings, SettingsPatch } from '@shared/schemas/settings';
import { staffMessages } from '@shared/staff-messages';
import { settingsMessages } from '@shared/staff-messages/settings';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SettingsSubsection } from '../fields/settings-subsection';
import { RemovableChips } from './removable-chips';

const text = staffMessages.guests;
const invalid = settingsMessages.validation.guestTagOptionsInvalid;
const listSchema = guestTagListSchema(invalid);

/** 'Etiquetas de clientes' (issue 22): the tags staff may give a guest, added and removed one at a time. */
export function GuestTagOptions({ settings, save }: { settings: AdminSettings; save: (patch: SettingsPatch, onFailed?: () => void) => void }) {
  const fieldId = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const options = settings.guestTagOptions;

  const saveList = (next: string[], onFailed?: () => void) => {
    const parsed = listSchema.safeParse(next);
    if (!parsed.success) {
      setError(invalid);
      return;
    }
    setError(undefined);
    save({ guestTagOptions: parsed.data }, onFailed);
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (tag === '' || options.includes(tag)) {
      setError(invalid);
      return;
    }
    saveList([...options, tag], () => setDraft(tag));
    setDraft('');
  };

  return (
    <SettingsSubsection title={text.optionsTitle} hint={text.optionsHint}>
      <RemovableChips
        chips={options.map((tag) => ({ key: tag, label: tag }))}
        label={text.optionsTitle}
        removeLabel={({ label }) => formatMessage(text.optionsRemove, { tag: label })}
        onRemove={(tag) => saveList(options.filter((option) => option !== tag))}
      />
      <form noValidate onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField id={fieldId} label={text.optionsNew} error={error} className="flex-1">
          {(control) => <Input {...control} value={draft} maxLength={GUEST_TAG_MAX_LENGTH} onChange={(event) => setDraft(event.target.value)} />}
        </FormField>
        <Button type="submit" variant="outline" disabled={draft.trim() === ''}>
          {text.optionsAdd}
        </Button>
      </form>
    </SettingsSubsection>
  );
}
