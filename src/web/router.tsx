import { createBrowserRouter, isRouteErrorResponse, Outlet, ScrollRestoration, useRouteError } from 'react-router';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { LandingPage } from '@web/pages/landing-page';
import { NotFoundPage } from '@web/pages/not-found-page';

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's lazy chunk loads (opening /admin directly, say). */
function PageLoader() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}

/** Most often a lazy chunk that no longer exists after a deploy: reloading fetches the new ones. */
function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">Algo ha salido mal</h1>
      <p className="text-muted-foreground">Recarga la página para intentarlo de nuevo.</p>
      <Button onClick={() => window.location.reload()}>{messages.common.reload}</Button>
    </main>
  );
}

// /auth and /admin are separate chunks: the public page never downloads their code.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: LandingPage },
      {
        path: 'auth',
        lazy: async () => ({ Component: (await import('@web/pages/auth-page')).AuthPage }),
      },
      {
        path: 'auth/restablecer',
        lazy: async () => ({ Component: (await import('@web/pages/reset-password-page')).ResetPasswordPage }),
      },
      {
        // The guest's private link: its own chunk, with no admin code.
        path: 'reserva/:token',
        lazy: async () => ({ Component: (await import('@web/pages/guest-booking-page')).GuestBookingPage }),
      },
      {
        path: 'admin',
        lazy: async () => ({ Component: (await import('@web/pages/admin-page')).AdminPage }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
