// The answers a page needs first, asked for by main.tsx before React and the page's chunks have loaded: on a phone
// that is a second earlier than the components that will ask for them. apiFetch takes each one once.

/** Reads the back office's first screen (the Reservas tab, its default) needs, besides the session. */
const ADMIN_FIRST_READS = [
  '/api/auth/session',
  '/api/admin/reservations/today',
  '/api/admin/closures/today',
  '/api/admin/pause/today',
  '/api/admin/setup',
  '/api/admin/reservations/pending/count',
];

/** An early answer older than this is not used: the component asks again. */
const FRESH_FOR_MS = 10_000;

const early = new Map<string, { response: Promise<Response>; at: number }>();

/** What every API call accepts; an early read sends the same, so that its answer is the one apiFetch would get. */
export const API_READ_HEADERS = { Accept: 'application/json' };

/** Starts the first reads of the page at `location`: /admin on its Reservas tab only. */
export function startEarlyFetches(location: { pathname: string; search: string }): void {
  const tab = new URLSearchParams(location.search).get('tab');
  if (location.pathname !== '/admin' || (tab !== null && tab !== 'reservas')) return;
  for (const path of ADMIN_FIRST_READS) {
    const response = fetch(path, { credentials: 'same-origin', headers: API_READ_HEADERS });
    response.catch(() => undefined); // a network failure surfaces when apiFetch takes it
    early.set(path, { response, at: performance.now() });
  }
}

/** The early answer to a GET of `path`, once, while fresh; undefined otherwise. */
export function takeEarlyFetch(path: string): Promise<Response> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  return performance.now() - entry.at < FRESH_FOR_MS ? entry.response : undefined;
}
