import { useCallback, useState } from 'react';
import { SETTINGS_DEBOUNCE_MS } from '@shared/limits';
import type { SaveState } from '@web/components/use-save-status';
import { useDebouncedSave } from './use-debounced-save';

export interface TextSave {
  value: string;
  change: (value: string) => void;
  flush: () => void;
  state: SaveState;
  error: string | null;
}

/**
 * A text saved SETTINGS_DEBOUNCE_MS after typing stops. `save` answers the text as the server stored it (trimmed,
 * lower-cased, a default for an emptied field): while the field would show that stored text, it keeps what was typed.
 */
export function useTextSave(saved: string, save: (value: string) => Promise<string>): TextSave {
  const [echo, setEcho] = useState<{ sent: string; stored: string } | null>(null);
  const debounced = useDebouncedSave<string>(
    saved,
    async (value) => {
      const stored = await save(value);
      setEcho({ sent: value, stored });
    },
    SETTINGS_DEBOUNCE_MS,
  );
  const { change: debouncedChange, flush } = debounced;

  const change = useCallback(
    (value: string) => {
      setEcho(null);
      debouncedChange(value);
    },
    [debouncedChange],
  );

  const value = echo !== null && debounced.draft === echo.stored ? echo.sent : debounced.draft;
  return { value, change, flush, state: debounced.state, error: debounced.error };
}
