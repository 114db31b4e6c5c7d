import { useMutation, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { forgetRememberedState } from '@web/lib/remembered-state';
import { sessionQueryKey } from './get-session';

/** POST /api/auth/logout: ends the session server-side and clears the cookie (204). */
export async function logout(): Promise<void> {
  await apiFetch('/api/auth/logout', { method: 'POST' });
}

/**
 * The cache is not touched here: marking the session as ended while /admin is still on screen would make its
 * guard send the user to /auth. The caller leaves /admin first, then calls forgetSignedInData.
 */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}

/**
 * Drops what the signed-in user saw, so that none of it outlives the session (only queries no screen watches
 * any more, and the screens' remembered filters), and records that there is no session now.
 */
export function forgetSignedInData(queryClient: QueryClient): void {
  forgetRememberedState();
  queryClient.removeQueries({ type: 'inactive' });
  queryClient.setQueryData(sessionQueryKey, { user: null });
}
