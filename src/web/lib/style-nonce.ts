import { setNonce } from 'get-nonce';
import { CSP_NONCE_META } from '@shared/routes';

/**
 * Hands the page's style nonce to get-nonce (decision 058). style-src allows the nonce the server put in this page's
 * policy and in its <meta property="csp-nonce">; the scroll lock of Radix dialogs (react-remove-scroll-bar, through
 * react-style-singleton) adds its <style> with the nonce get-nonce holds. An element's `nonce` property, as browsers
 * hide the attribute. Absent in development, where Vite's dev server sends no policy. Imported first by main.tsx, so
 * it runs before any dialog can open.
 */
export function adoptStyleNonce(): void {
  const nonce = document.querySelector<HTMLMetaElement>(`meta[property="${CSP_NONCE_META}"]`)?.nonce;
  if (nonce) setNonce(nonce);
}

adoptStyleNonce();
