import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { restaurantConfigDefaults } from '@shared/defaults';
import { SETTINGS_DEBOUNCE_MS } from '@shared/limits';
import { messages } from '@shared/messages';
import type { SettingsPatch } from '@shared/schemas/settings';
import { errorMessage } from '@web/lib/api';
import { useUpdateSettings } from './api/update-settings';
import type { TemplateTextField } from './template-fields';
import { useDebouncedSave } from './use-debounced-save';

const toasts = messages.admin.toasts;

/** One template field saved 500 ms after typing stops, plus its restore-default, which goes through the same save. */
export function useTemplateSave(field: TemplateTextField, saved: string) {
  const update = useUpdateSettings();
  const restoring = useRef(false);
  // useDebouncedSave falls back to the saved value once a save fails; the owner keeps what they typed.
  const [rejected, setRejected] = useState<string | null>(null);

  const save = async (value: string) => {
    const isRestore = restoring.current;
    restoring.current = false;
    try {
      await update.mutateAsync({ [field]: value } as SettingsPatch);
      setRejected(null);
      if (isRestore) toast.success(toasts.messageRestored, { description: toasts.messageRestoredDescription });
    } catch (failure) {
      setRejected(value);
      if (isRestore) toast.error(messages.admin.errors.settingsSave, { description: errorMessage(failure) });
      throw failure;
    }
  };

  const debounced = useDebouncedSave(saved, save, SETTINGS_DEBOUNCE_MS);
  const value = debounced.state === 'error' && rejected !== null ? rejected : debounced.draft;

  const restore = () => {
    restoring.current = true;
    debounced.change(restaurantConfigDefaults[field]);
    debounced.flush();
  };

  return { value, change: debounced.change, flush: debounced.flush, state: debounced.state, error: debounced.error, restore };
}
