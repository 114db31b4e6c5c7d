import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { changeEventSchema } from '@shared/schemas/api';

const EVENTS_URL = '/api/admin/events';
const MAX_RETRY_DELAY = 60_000;

/**
 * Keeps the staff screens fresh: the server streams `change` events ({ table, action, id }) and
 * every query whose key starts with that table name is invalidated. Query keys therefore start
 * with the table name, e.g. ['reservations', 'today'].
 *
 * The server sends `ready` on each (re)connection. Changes made while disconnected were missed,
 * so `ready` invalidates everything. EventSource retries network drops by itself, but gives up
 * for good on an HTTP error (a 502 while the server restarts); then we reopen it with back-off.
 */
export function useLiveChanges(queryClient: QueryClient): void {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;

    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = 2_000;

    const onReady = () => {
      retryDelay = 2_000;
      void queryClient.invalidateQueries();
    };

    const onChange = (event: MessageEvent<string>) => {
      let payload: unknown;
      try {
        payload = JSON.parse(event.data);
      } catch {
        return;
      }
      const change = changeEventSchema.safeParse(payload);
      if (change.success) {
        void queryClient.invalidateQueries({ queryKey: [change.data.table] });
      }
    };

    const onError = () => {
      if (source?.readyState !== EventSource.CLOSED) return;
      close();
      retryTimer = setTimeout(open, retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY_DELAY);
    };

    function open() {
      source = new EventSource(EVENTS_URL);
      source.addEventListener('ready', onReady);
      source.addEventListener('change', onChange);
      source.addEventListener('error', onError);
    }

    function close() {
      if (!source) return;
      source.removeEventListener('ready', onReady);
      source.removeEventListener('change', onChange);
      source.removeEventListener('error', onError);
      source.close();
      source = undefined;
    }

    open();
    return () => {
      clearTimeout(retryTimer);
      close();
    };
  }, [queryClient]);
}
