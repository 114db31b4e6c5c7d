import { useCallback, useEffect, useRef, useState } from 'react';
import type { SaveState } from '@web/components/use-save-status';
import { ApiRequestError } from '@web/lib/api';

export interface DebouncedSave<T> {
  /** What the input shows: the owner's edit while one is pending, otherwise the saved value. */
  draft: T;
  /** Call on every keystroke; the save happens `delayMs` after the last one. */
  change: (value: T) => void;
  /** Saves a pending edit now (on blur, or before a restore-default). */
  flush: () => void;
  state: SaveState;
  error: string | null;
}

/**
 * One field saved after `delayMs` of quiet (spec point 9: 500 ms for settings and templates,
 * 800 ms for opening hours). A burst of typing is one request. While an edit is pending or in
 * flight, a refetch of the saved value (a live event, possibly caused by this very save) does not
 * overwrite what the owner is typing.
 */
export function useDebouncedSave<T>(
  saved: T,
  save: (value: T) => Promise<unknown>,
  delayMs = 500,
  { keepRefused = true }: { keepRefused?: boolean } = {},
): DebouncedSave<T> {
  const [draft, setDraft] = useState(saved);
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ value: T } | null>(null);
  const busy = state === 'waiting' || state === 'saving';
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  // After a refused save the owner's text stays on screen beside the error, unless the field prefers to show the
  // saved value again (a time picker, where the toast already says why).
  const refused = keepRefused && state === 'error';
  // A refetch that left before a save committed answers the value from before it; shown, it would put back what the
  // owner just replaced, under their cursor (issue 52). That old value is skipped until another value comes.
  const savedKey = JSON.stringify(saved);
  const latest = useRef({ saved, key: savedKey });
  useEffect(() => {
    latest.current = { saved, key: savedKey };
  });
  const superseded = useRef<{ before: string; sent: string } | null>(null);
  useEffect(() => {
    const guard = superseded.current;
    if (guard && savedKey !== guard.before && savedKey !== guard.sent) superseded.current = null;
    if (busy || refused || pending.current !== null || savedKey === superseded.current?.before) return;
    setDraft(latest.current.saved);
  }, [savedKey, busy, refused]);

  const run = useCallback(async () => {
    timer.current = null;
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    setState('saving');
    const before = latest.current.key;
    try {
      await saveRef.current(next.value);
      const sent = JSON.stringify(next.value);
      superseded.current = sent === before ? null : { before, sent };
      if (pending.current === null) {
        setState('saved');
        setError(null);
      }
    } catch (caught) {
      setState('error');
      setError(caught instanceof ApiRequestError ? caught.message : String(caught));
    }
  }, []);

  const change = useCallback(
    (value: T) => {
      setDraft(value);
      pending.current = { value };
      setState('waiting');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), delayMs);
    },
    [delayMs, run],
  );

  const flush = useCallback(() => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    void run();
  }, [run]);

  // Leaving the tab mid-burst still saves what was typed.
  useEffect(() => () => {
    if (timer.current) {
      clearTimeout(timer.current);
      void run();
    }
  }, [run]);

  return { draft, change, flush, state, error };
}
