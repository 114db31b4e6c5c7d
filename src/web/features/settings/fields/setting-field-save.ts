import { useCallback, useRef } from 'react';
import type { z } from 'zod';
import { settingsFieldsSchema, type AdminSettings, type SettingsFields } from '@shared/schemas/settings';
import { toast } from '@web/lib/lazy-toaster';
import { staffMessages } from '@shared/staff-messages';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { useUpdateSettings } from '../api/update-settings';
import { type TextSave, useTextSave } from './use-text-save';

/** The fields edited as text; the nullable ones are sent as '' to clear them (the server stores null). */
export type TextSettingKey = {
  [K in keyof SettingsFields]: SettingsFields[K] extends string | null ? K : never;
}[keyof SettingsFields];

export interface SettingFieldSave extends TextSave {
  /** Saves `value` at once, replacing any pending edit; resolves or rejects with that save. */
  saveNow: (value: string) => Promise<void>;
}

type Waiter = { value: string; resolve: () => void; reject: (error: unknown) => void };

/**
 * One text setting saved SETTINGS_DEBOUNCE_MS after typing stops, sending only that field. The shared rule is
 * checked first, so a value the server would refuse gets the same Spanish message without a request.
 */
export function useSettingFieldSave(settings: AdminSettings, field: TextSettingKey): SettingFieldSave {
  const update = useUpdateSettings();
  const waiter = useRef<Waiter | null>(null);

  const save = async (value: string) => {
    const current = waiter.current?.value === value ? waiter.current : null;
    if (current) waiter.current = null;
    try {
      const rule = settingsFieldsSchema.shape[field] as z.ZodType;
      const checked = rule.safeParse(value);
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? '';
        throw new ApiRequestError(400, 'validation_failed', message, { [field]: message });
      }
      let stored: AdminSettings;
      try {
        stored = await update.mutateAsync({ [field]: value });
      } catch (caught) {
        const fieldMessage = caught instanceof ApiRequestError ? caught.fields?.[field] : undefined;
        if (caught instanceof ApiRequestError && fieldMessage) {
          throw new ApiRequestError(caught.status, caught.code, fieldMessage, caught.fields, caught.requestId);
        }
        throw caught;
      }
      current?.resolve();
      return stored[field] ?? '';
    } catch (caught) {
      current?.reject(caught);
      throw caught;
    }
  };

  // The server trims (and lower-cases emails): a trailing space typed before a pause must not vanish under the cursor.
  const { value, change, flush, state, error } = useTextSave(settings[field] ?? '', save);

  const saveNow = useCallback(
    (value: string) =>
      new Promise<void>((resolve, reject) => {
        waiter.current = { value, resolve, reject };
        change(value);
        flush();
      }),
    [change, flush],
  );

  return { value, change, flush, saveNow, state, error };
}

/** 'Restaurar por defecto': saves the default text at once and says so (spec point 8). */
export function restoreDefault(save: SettingFieldSave, defaultText: string): Promise<void> {
  return save.saveNow(defaultText).then(
    () => {
      toast.success(staffMessages.admin.toasts.messageRestored, { description: staffMessages.admin.toasts.messageRestoredDescription });
    },
    (error: unknown) => {
      toast.error(staffMessages.admin.errors.settingsSave, { description: errorMessage(error) });
    },
  );
}
