import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { toast } from '@web/lib/lazy-toaster';
import { messages } from '@shared/messages';
import type { SessionUserView } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { sessionQueryKey, useAdminAccess, useSession } from '@web/features/auth/session';
import { ApiRequestError, errorMessage } from '@web/lib/api';

const hasStatus = (error: unknown, status: number) => error instanceof ApiRequestError && error.status === status;

/**
 * The /admin route guard (spec point 6): no session → /auth; a signed-in user who is not an admin → / (the
 * server records that attempt when asked); an admin → the panel, rendered by `children`.
 */
export function AdminGuard({ children }: { children: (user: SessionUserView) => ReactNode }) {
  const session = useSession();
  const user = session.data?.user ?? undefined;
  const access = useAdminAccess(user?.id);
  const forbidden = hasStatus(access.error, 403);
  useSessionEndWatch();

  useEffect(() => {
    // An id, so that StrictMode's second run does not show it twice.
    if (forbidden) toast.error(messages.http.forbidden, { id: 'admin-forbidden' });
  }, [forbidden]);

  if (session.data?.user === null) return <Navigate to="/auth" replace />;
  if (forbidden) return <Navigate to="/" replace />;
  // Kept on screen while the access is checked again (a live reconnection asks anew).
  if (user && access.data) return children(user);

  const error = session.error ?? access.error;
  // A 401 here means the session ended between the two calls: useSessionEndWatch is already asking again.
  if (error && !hasStatus(error, 401)) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
        <p role="alert">{errorMessage(error)}</p>
        <Button onClick={() => void (session.error ? session.refetch() : access.refetch())}>
          {messages.common.reload}
        </Button>
      </main>
    );
  }
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}

/**
 * A session can end while the panel is open (idle expiry, a password reset elsewhere): the first call answered
 * 401 makes the session be asked again, and its "no user" sends the guard to /auth.
 */
function useSessionEndWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (hasStatus(error, 401)) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
