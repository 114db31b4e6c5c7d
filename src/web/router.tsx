import { Component, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { BOOKING_WIDGET_PATH } from '@shared/routes';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { LazyToaster } from '@web/lib/lazy-toaster';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { ServerPageReady } from '@web/lib/server-page-ready';
import { BookingWidgetPage } from '@web/pages/booking-widget-page';
import { LandingPage } from '@web/pages/landing-page';
import { NotFoundPage } from '@web/pages/not-found-page';

// React Router in declarative mode: the data router (createBrowserRouter) would add 17 KB gzipped to the guest's
// initial JavaScript for loaders and actions that Mesa does not use (PERFORMANCE.md, guest page weight).
// /auth, /admin and the guest's private links are separate chunks: the public page never downloads their code.
const AuthPage = preloadableLazy(() => import('@web/pages/auth-page').then((page) => ({ default: page.AuthPage })));
const ResetPasswordPage = preloadableLazy(() =>
  import('@web/pages/reset-password-page').then((page) => ({ default: page.ResetPasswordPage })),
);
const InvitationPage = preloadableLazy(() => import('@web/pages/invitation-page').then((page) => ({ default: page.InvitationPage })));
const SelfServicePage = preloadableLazy(() =>
  import('@web/pages/self-service-page').then((page) => ({ default: page.SelfServicePage })),
);
const WaitlistEntryPage = preloadableLazy(() =>
  import('@web/pages/waitlist-entry-page').then((page) => ({ default: page.WaitlistEntryPage })),
);
const FeedbackPage = preloadableLazy(() => import('@web/pages/feedback-page').then((page) => ({ default: page.FeedbackPage })));
const DataErasurePage = preloadableLazy(() => import('@web/pages/data-erasure-page').then((page) => ({ default: page.DataErasurePage })));
const GuaranteeReturnPage = preloadableLazy(() =>
  import('@web/pages/guarantee-return-page').then((page) => ({ default: page.GuaranteeReturnPage })),
);
const GuaranteeLinkPage = preloadableLazy(() =>
  import('@web/pages/guarantee-link-page').then((page) => ({ default: page.GuaranteeLinkPage })),
);
const NoShowChargePage = preloadableLazy(() => import('@web/pages/no-show-charge-page').then((page) => ({ default: page.NoShowChargePage })));
const NoShowChargeReturnPage = preloadableLazy(() =>
  import('@web/pages/no-show-charge-return-page').then((page) => ({ default: page.NoShowChargeReturnPage })),
);
const WaitlistOfferPage = preloadableLazy(() =>
  import('@web/pages/waitlist-offer-page').then((page) => ({ default: page.WaitlistOfferPage })),
);
// The Reservas tab's chunk (the panel's default) is fetched with the panel's own, and the panel renders once both are
// in: one round trip less before the day shows, and a server-rendered /admin hydrates in one pass (decision 024).
const AdminPage = preloadableLazy(async () => {
  void import('@web/features/today/today-tab');
  const page = await import('@web/pages/admin-page');
  await page.preloadDefaultTab();
  return { default: page.AdminPage };
});

/** Loads the chunks of the page at `pathname` that the server may have rendered, before the browser hydrates it. */
export function preloadServerPage(pathname: string): Promise<void> {
  return pathname === '/admin' ? AdminPage.preload() : Promise.resolve();
}

/** Shown while a page's lazy chunk loads (opening /admin directly, say; the server sends it as /admin's first paint). */
export function PageLoader() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}

/**
 * A new page starts at its top. Only the path counts: the admin tabs live in the query string and keep the scroll;
 * back and forward leave it to the browser's own restoration.
 */
function ScrollToTopOnNewPage() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}

/**
 * A page that throws while it renders (a chunk that fails to load takes only its component's place: preloadableLazy,
 * decision 033). Moving to another page clears the error.
 */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <CrashScreen />;
  }
}

function CrashScreen() {
  const { texts } = useGuestLanguage();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <ServerPageReady />
      <h1 className="text-2xl font-bold">{texts.http.crashTitle}</h1>
      <p className="text-muted-foreground">{texts.http.crashHint}</p>
      <Button onClick={() => window.location.reload()}>{texts.common.reload}</Button>
    </main>
  );
}

/** Every page of the app, inside the router that `AppRouter` (in the browser) or the server's prerender puts around it. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteErrorBoundary pathname={pathname}>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route index element={<LandingPage />} />
            <Route path="auth" element={<AuthPage />} />
            <Route path="auth/restablecer" element={<ResetPasswordPage />} />
            <Route path="auth/invitacion" element={<InvitationPage />} />
            {/* The guest's private link: its own chunk, with no admin code. */}
            <Route path="reserva/:token" element={<SelfServicePage />} />
            {/* The waitlist's private links (issue 23): the guest's entry and an offer of a freed place. */}
            <Route path="lista-espera/:token" element={<WaitlistEntryPage />} />
            <Route path="oferta/:token" element={<WaitlistOfferPage />} />
            {/* Back from the payment provider's page of a booking's card guarantee (issue 45). */}
            <Route path="reservar/garantia/:id" element={<GuaranteeReturnPage />} />
            {/* The guarantee link staff email for a booking already made (issue 45, item 7). */}
            <Route path="reservar/garantia/enlace/:token" element={<GuaranteeLinkPage />} />
            {/* A held-back no-show charge (issue 45, item 4): the approval link, and the return from its payment page. */}
            <Route path="reservar/garantia/cobro/:token" element={<NoShowChargePage />} />
            <Route path="reservar/garantia/pago" element={<NoShowChargeReturnPage />} />
            {/* The confirmation link of a guest's 'Borrar mis datos' (issue 24). */}
            <Route path="borrar-datos/:token" element={<DataErasurePage />} />
            {/* The rating a guest is asked for after a visit (issue 47). */}
            <Route path="valorar/:token" element={<FeedbackPage />} />
            <Route path="admin" element={<AdminPage />} />
            {/* The booking form alone, for other sites' frames (decision 028). In the guest page's chunk, not one of its
                own: it is mostly the landing page's form, and a chunk sharing that would split the guest's files. */}
            <Route path={BOOKING_WIDGET_PATH.slice(1)} element={<BookingWidgetPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
      <ScrollToTopOnNewPage />
      {/* sonner and its Toaster come with the first toast, on every page (a toast asked for earlier is replayed). */}
      <LazyToaster />
    </>
  );
}

/**
 * Without transitions a navigation renders at once, so `flushSync(() => navigate(…))` completes it before the next
 * line (sign-out relies on it); a page whose chunk is still loading shows the spinner meanwhile.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  );
}
