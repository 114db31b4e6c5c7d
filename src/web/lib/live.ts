import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from '@shared/schemas/api';
import { isStaleAfter } from './live-key';
import { pageHydrated } from './server-page-ready';

const EVENTS_URL = '/api/admin/events';
const CHANNEL_NAME = 'mesa-live';
const LEADER_LOCK = 'mesa-live-stream';
const MAX_RETRY_DELAY = 60_000;

/** Screens that act on a change rather than refetch (the alert of a low rating). */
const changeListeners = new Set<(change: ChangeEvent) => void>();
export function onLiveChange(listener: (change: ChangeEvent) => void): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}

/** What the leading tab relays to the others. */
type LiveMessage = { type: 'ready' } | { type: 'change'; change: ChangeEvent };

/**
 * Keeps the staff screens fresh: the server streams `change` events ({ table, action, id }) and every query whose
 * key starts with that table name is invalidated, so query keys start with the table name (['reservations', 'today']).
 *
 * One stream per browser, not per tab: browsers allow only 6 HTTP/1.1 connections per host across all tabs. The tab
 * holding a Web Lock opens the EventSource and relays what it receives through a BroadcastChannel; when it closes,
 * the lock passes to another tab, which opens the stream in turn.
 *
 * The server sends `ready` on each (re)connection. Changes made while disconnected were missed, so `ready`
 * invalidates everything (on a page the server rendered, once it is hydrated: server-page-ready.ts).
 */
export function useLiveChanges(queryClient: QueryClient): void {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const apply = (message: LiveMessage) => {
      if (message.type === 'ready') void pageHydrated.then(() => queryClient.invalidateQueries());
      else {
        void queryClient.invalidateQueries({ predicate: (query) => isStaleAfter(query, message.change.table) });
        for (const listener of changeListeners) listener(message.change);
      }
    };

    const canShare = typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && 'locks' in navigator;
    if (!canShare) return openStream(apply);

    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent<LiveMessage>) => apply(event.data);
    const abort = new AbortController();
    let stopLeading: (() => void) | undefined;
    navigator.locks
      .request(LEADER_LOCK, { signal: abort.signal }, () => {
        const closeStream = openStream((message) => {
          apply(message);
          channel.postMessage(message);
        });
        return new Promise<void>((resolve) => {
          stopLeading = () => {
            closeStream();
            resolve();
          };
        });
      })
      .catch(() => undefined); // aborted while waiting to lead: this tab is closing

    return () => {
      abort.abort();
      stopLeading?.();
      channel.close();
    };
  }, [queryClient]);
}

/**
 * Opens the stream and calls `onMessage` for each event; returns the function that closes it. EventSource retries
 * network drops by itself but gives up for good on an HTTP error (a 502 while the server restarts); then it is
 * reopened with back-off.
 */
function openStream(onMessage: (message: LiveMessage) => void): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = 2_000;

  const onReady = () => {
    retryDelay = 2_000;
    onMessage({ type: 'ready' });
  };
  const onChange = (event: MessageEvent<string>) => {
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      return;
    }
    // Our own server's event, typed rather than parsed (decision 023); only its table is read, and an unknown one
    // simply matches no query.
    const change = payload as Partial<ChangeEvent> | null;
    if (typeof change?.table === 'string') onMessage({ type: 'change', change: change as ChangeEvent });
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
}
