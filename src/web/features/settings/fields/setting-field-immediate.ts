import { toast } from '@web/lib/lazy-toaster';
import { staffMessages } from '@shared/staff-messages';
import type { SettingsPatch } from '@shared/schemas/settings';
import { errorMessage } from '@web/lib/api';
import { useUpdateSettings } from '../api/update-settings';
import type { SaveOutcome } from '@web/components/use-save-status';

/**
 * Switches and selects: saved on change with a toast. While the request is in flight `pending` holds the new
 * values, so the control shows what was chosen rather than jumping back until the answer comes. `save` answers the
 * outcome for the field's 'Guardado' (use-save-status).
 */
export function useImmediateSetting() {
  const update = useUpdateSettings();
  /** `onFailed`: a control that shows the new value before it is saved puts the saved one back. */
  const save = (patch: SettingsPatch, onFailed?: () => void): SaveOutcome =>
    update.mutateAsync(patch).then(
      () => {
        toast.success(staffMessages.admin.toasts.settingsSaved);
        return null;
      },
      (error: unknown) => {
        onFailed?.();
        toast.error(staffMessages.admin.errors.settingsSave, { description: errorMessage(error) });
        return errorMessage(error);
      },
    );
  return { save, pending: update.isPending ? update.variables : undefined };
}
