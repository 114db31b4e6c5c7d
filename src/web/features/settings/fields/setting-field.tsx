import { useId, type ReactNode } from 'react';
import type { AdminSettings } from '@shared/schemas/settings';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/cn';
import { OwnerOnlyNote, useOwnerOnlySetting } from './owner-only';
import { SaveStatus } from '@web/components/save-status';
import { useSettingFieldSave, type SettingFieldSave, type TextSettingKey } from './setting-field-save';

interface SettingFieldProps {
  settings: AdminSettings;
  field: TextSettingKey;
  label: string;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  className?: string;
  /** Extra controls under the field (a restore-default button). */
  children?: (save: SettingFieldSave) => ReactNode;
}

/**
 * A labelled text setting saved in the background, with its 'Guardando... / Guardado' or the server's message; read
 * only, with the note saying why, for an encargado when only the owner may change it.
 */
export function SettingField({ settings, field, label, multiline, type = 'text', autoComplete, className, children }: SettingFieldProps) {
  const id = useId();
  const statusId = `${id}-status`;
  const noteId = `${id}-owner-only`;
  const save = useSettingFieldSave(settings, field);
  const ownerOnly = useOwnerOnlySetting(field);
  const control = {
    id,
    value: save.value,
    onBlur: save.flush,
    disabled: ownerOnly,
    'aria-invalid': save.state === 'error',
    'aria-describedby': ownerOnly ? `${noteId} ${statusId}` : statusId,
  };

  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <Textarea {...control} rows={3} onChange={(event) => save.change(event.target.value)} />
      ) : (
        <Input {...control} type={type} autoComplete={autoComplete ?? 'off'} onChange={(event) => save.change(event.target.value)} />
      )}
      {ownerOnly && <OwnerOnlyNote id={noteId} />}
      <SaveStatus id={statusId} state={save.state} error={save.error} />
      {children?.(save)}
    </div>
  );
}
