import { useSyncExternalStore } from 'react';
import { passkeyMessages as text } from '@shared/staff-messages/passkeys';
import { errorMessage } from './api';

// Passkeys in the browser (issue 44): @simplewebauthn/browser in a chunk of its own, loaded when a ceremony starts
// or /auth offers autofill, never in /admin's first load.
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** A ceremony the person cancelled or let lapse (or another ceremony took over). */
export function ceremonyDismissed(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** What a failed ceremony says: calm when cancelled, the server's own text when it refused. */
export function passkeyErrorMessage(error: unknown): string {
  if (ceremonyDismissed(error)) return text.cancelled;
  if (error instanceof Error && 'code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return text.alreadyAdded;
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERROR_')) return text.failed;
  return errorMessage(error, text.failed);
}

const noChanges = () => () => {};
/** Whether this browser has WebAuthn; assumed on the server's render, told by the browser once hydrated. */
export const useWebAuthn = () => useSyncExternalStore(noChanges, () => typeof window.PublicKeyCredential === 'function', () => true);
