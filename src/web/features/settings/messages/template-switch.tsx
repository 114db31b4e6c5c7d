import { useId } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { staffMessages } from '@shared/staff-messages';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { useAdminSettings } from '../api/get-admin-settings';
import { useUpdateSettings } from '../api/update-settings';
import type { TemplateSwitchField } from './template-fields';

export interface TemplateSwitchControl {
  /** The value being saved, else the saved one: the template's fields follow the switch at once. */
  checked: boolean;
  ready: boolean;
  change: (checked: boolean) => void;
}

/** A template's sending switch, saved at once; the caller disables the template's fields while it is off. */
export function useTemplateSwitch(field: TemplateSwitchField): TemplateSwitchControl {
  const { data } = useAdminSettings();
  const update = useUpdateSettings();
  const pending = update.isPending ? update.variables : undefined;
  const checked = pending && field in pending ? Boolean(pending[field]) : (data?.[field] ?? false);

  const change = (next: boolean) =>
    update.mutate(
      { [field]: next },
      {
        onSuccess: () => toast.success(staffMessages.admin.toasts.settingsSaved),
        onError: (failure) => toast.error(staffMessages.admin.errors.settingsSave, { description: errorMessage(failure) }),
      },
    );

  return { checked, ready: data !== undefined, change };
}

export function TemplateSwitch({ label, control }: { label: string; control: TemplateSwitchControl }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={control.checked} disabled={!control.ready} onCheckedChange={control.change} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
