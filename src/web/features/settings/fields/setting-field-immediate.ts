import type { SettingsPatch } from '@shared/schemas/settings';
import { useUpdateSettings } from '../api/update-settings';
import { type SaveOutcome, settingSaved } from '@web/components/use-save-status';

/**
 * Switches and selects: saved on change with a toast. While the request is in flight `pending` holds the new
 * values, so the control shows what was chosen rather than jumping back until the answer comes. `save` answers the
 * outcome for the field's 'Guardado' (use-save-status).
 */
export function useImmediateSetting() {
  const update = useUpdateSettings();
  /** `onFailed`: a control that shows the new value before it is saved puts the saved one back. */
  const save = (patch: SettingsPatch, onFailed?: () => void): SaveOutcome =>
    settingSaved(update.mutateAsync(patch)).then((refusal) => {
      if (refusal !== null) onFailed?.();
      return refusal;
    });
  return { save, pending: update.isPending ? update.variables : undefined };
}
