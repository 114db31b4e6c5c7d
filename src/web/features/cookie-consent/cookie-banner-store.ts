// Whether the cookie banner is shown, and in which view. A tiny store rather than React state, so that the
// footer's 'Configurar cookies' button and the banner need no common parent.
import { useSyncExternalStore } from 'react';
import { readStoredConsent } from './consent-storage';

export type CookieBannerView = 'short' | 'details';

export interface CookieBannerState {
  open: boolean;
  view: CookieBannerView;
  /** Opened by the visitor (not on arrival): the banner takes the focus, and gives it back on close. */
  requested: boolean;
}

let state: CookieBannerState | undefined;
let returnFocusTo: HTMLElement | null = null;
const listeners = new Set<() => void>();

function current(): CookieBannerState {
  // Read once, on first use: shown when no valid choice is stored (spec point 4, 'Cookie banner').
  state ??= { open: readStoredConsent() === null, view: 'short', requested: false };
  return state;
}

function update(next: CookieBannerState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What a page the server renders shows (and its hydration first renders): no banner. The server cannot know a choice
 * stored in the browser, and the page is inert until hydrated, so a first visit loses nothing by seeing the banner
 * only then, while a returning visitor never sees one flash and vanish.
 */
const NOT_YET_KNOWN: CookieBannerState = { open: false, view: 'short', requested: false };

export function useCookieBannerState(): CookieBannerState {
  return useSyncExternalStore(subscribe, current, () => NOT_YET_KNOWN);
}

/** The footer's 'Configurar cookies': reopens the banner straight on the detailed view. */
export function openCookieSettings(): void {
  returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  update({ open: true, view: 'details', requested: true });
}

export function showCookieDetails(): void {
  update({ ...current(), view: 'details' });
}

export function closeCookieBanner(): void {
  const { requested } = current();
  update({ open: false, view: 'short', requested: false });
  if (requested && returnFocusTo?.isConnected) returnFocusTo.focus();
  returnFocusTo = null;
}
