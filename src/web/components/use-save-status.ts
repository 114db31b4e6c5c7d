import { useCallback, useRef, useState } from 'react';
import { staffMessages } from '@shared/staff-messages';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';

/** Where a field saved in the background stands, as its 'Guardado' line says. */
export type SaveState = 'idle' | 'waiting' | 'saving' | 'saved' | 'error';

/** A save's end: null once stored, else the Spanish reason it was refused. Never rejects. */
export type SaveOutcome = Promise<string | null>;

export interface SaveStatusOf {
  state: SaveState;
  error: string | null;
  /** Follows a save started by the field; anything but a promise (a save refused before it left) is ignored. */
  track: (outcome: unknown) => void;
}

/**
 * The 'Guardando... / Guardado' or the refusal beside a field saved on blur or change (issue 52): the one status
 * the switches, selects and number fields share with the fields saved while typing. Only the latest save speaks.
 */
export function useSaveStatus(): SaveStatusOf {
  const [status, setStatus] = useState<{ state: SaveState; error: string | null }>({ state: 'idle', error: null });
  const latest = useRef(0);
  const track = useCallback((outcome: unknown) => {
    if (!(outcome instanceof Promise)) return;
    const id = ++latest.current;
    setStatus({ state: 'saving', error: null });
    void (outcome as SaveOutcome).then((error) => {
      if (id !== latest.current) return;
      setStatus(error === null ? { state: 'saved', error: null } : { state: 'error', error });
    });
  }, []);
  return { ...status, track };
}

/** A setting's save told by toast ('Configuración guardada', or why not), answered as the field's outcome. */
export function settingSaved(saving: Promise<unknown>): SaveOutcome {
  return saving.then(
    () => {
      toast.success(staffMessages.admin.toasts.settingsSaved);
      return null;
    },
    (error: unknown) => {
      toast.error(staffMessages.admin.errors.settingsSave, { description: errorMessage(error) });
      return errorMessage(error);
    },
  );
}
