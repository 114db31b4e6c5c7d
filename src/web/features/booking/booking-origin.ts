import { GOOGLE_ORIGIN } from '@shared/routes';

/**
 * Google's booking link opens the page with `?utm_source=google` (decision 050). Read once, when the form first
 * loads: the address may change afterwards (a language chosen), the guest's way here does not. Kept in memory only,
 * so that nothing is stored on the guest's device for it.
 */
const openedFromGoogle = typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('utm_source') === GOOGLE_ORIGIN;

export const bookingOrigin = (): typeof GOOGLE_ORIGIN | undefined => (openedFromGoogle ? GOOGLE_ORIGIN : undefined);
