import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';

const remembered = new Map<string, unknown>();

/**
 * useState whose value outlives the component for the rest of the page's life: a screen that unmounts when
 * another tab opens (Historial's filters, the statistics range) finds its state again when it comes back.
 * A reload starts afresh. `key` names the value; one key per screen.
 */
export function useRememberedState<T>(key: string, initial: () => T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => (remembered.has(key) ? (remembered.get(key) as T) : initial()));
  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (next) =>
      setValue((current) => {
        const resolved = typeof next === 'function' ? (next as (previous: T) => T)(current) : next;
        remembered.set(key, resolved);
        return resolved;
      }),
    [key],
  );
  return [value, set];
}

/** Forgets every remembered value (on sign-out: the next user starts with the defaults). */
export function forgetRememberedState(): void {
  remembered.clear();
}
