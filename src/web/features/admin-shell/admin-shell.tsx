import { type ReactNode, Suspense, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, UserRound } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@web/lib/lazy-toaster';
import { mayUse, type StaffRole, tabsOf } from '@shared/rules/permissions';
import { staffMessages } from '@shared/staff-messages';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { forgetSignedInData, useLogout } from '@web/features/auth/session';
import { InstallAppCard } from '@web/features/install-app/install-app-card';
import { registerServiceWorkerInBackground } from '@web/features/push/push-browser';
import { errorMessage, setRecentSignInHandler } from '@web/lib/api';
import { onLiveChange, useLiveChanges } from '@web/lib/live';
import { ServerPageReady } from '@web/lib/server-page-ready';
import { ACCOUNT_TAB, AccountPanel, ADMIN_TABS, DEFAULT_TAB, SecondFactorSetup } from './admin-tabs';
import { MobileMenu } from './mobile-menu';

const text = staffMessages.admin.header;

/** A guest's rating answered now: a low one is shown to the owner and encargados at once (issue 47), by a lazy module. */
function useLowRatingAlerts(role: StaffRole) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!mayUse(role, 'GET', '/feedback/:id')) return;
    return onLiveChange(({ table, id }) => {
      if (table === 'feedback_requests' && id) void import('@web/features/feedback-alert/low-rating-alert').then((m) => m.alertLowRating(id, navigate));
    });
  }, [role, navigate]);
}

/**
 * The /admin panel once the guard let the user in: header, the tabs the role sees (the owner all seven, five of them
 * in the mobile menu; issue 20), live data.
 */
export function AdminShell({ email, role, restaurantName }: { email: string; role: StaffRole; restaurantName: string }) {
  const visible = tabsOf(role);
  const tabs = ADMIN_TABS.filter((candidate) => (visible as readonly string[]).includes(candidate.value));
  const mobileTabs = tabs.filter((candidate) => candidate.inMobileMenu);
  const queryClient = useQueryClient();
  // Every change another screen makes refreshes the queries keyed by its table.
  useLiveChanges(queryClient);
  useEffect(registerServiceWorkerInBackground, []);
  useRecentSignInDialog();
  useLowRatingAlerts(role);

  const [searchParams, setSearchParams] = useSearchParams();
  const showingAccount = searchParams.get('tab') === ACCOUNT_TAB;
  const tab = showingAccount ? '' : (tabs.find((candidate) => candidate.value === searchParams.get('tab'))?.value ?? DEFAULT_TAB);
  const selectTab = (value: string) =>
    setSearchParams(value === DEFAULT_TAB ? {} : { tab: value }, { replace: true, preventScrollReset: true });

  return (
    <div className="flex min-h-dvh flex-col">
      <AdminHeader
        email={email}
        restaurantName={restaurantName}
        start={<MobileMenu tabs={mobileTabs} value={tab} onSelect={selectTab} className="md:hidden" />}
        end={
          <Button variant="secondary" size="sm" aria-current={showingAccount ? 'page' : undefined} onClick={() => selectTab(ACCOUNT_TAB)}>
            <UserRound aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{text.account}</span>
          </Button>
        }
      />

      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-4 sm:py-6">
        <h1 className="sr-only">{text.title}</h1>
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList aria-label={text.sections} className="hidden md:inline-flex">
            {tabs.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map(({ value, label, Content }) => (
            <TabsContent key={value} value={value} className="mt-0 md:mt-6">
              {/* The tab bar names the section on wide screens; on phones this heading does. */}
              <h2 className="mb-4 text-xl font-semibold md:sr-only">{label}</h2>
              <Suspense fallback={<Spinner className="text-muted-foreground" />}>
                <Content />
                <ServerPageReady />
              </Suspense>
            </TabsContent>
          ))}
        </Tabs>
        {showingAccount && (
          <section aria-labelledby="account-title">
            <h2 id="account-title" className="mb-4 text-xl font-semibold">
              {text.account}
            </h2>
            <Suspense fallback={<Spinner className="text-muted-foreground" />}>
              <AccountPanel />
            </Suspense>
          </section>
        )}
      </main>
      <InstallAppCard />
    </div>
  );
}

/** The sensitive change's fresh sign-in (issues 41, 44): its dialog is its own chunk. */
function useRecentSignInDialog() {
  useEffect(() => {
    setRecentSignInHandler(() => import('@web/features/auth/recent-sign-in-dialog').then((module) => module.askRecentSignIn(), () => false));
    return () => setRecentSignInHandler(undefined);
  }, []);
}

/** The restaurant and who is signed in, between `start` (the phone menu) and `end`, then 'Cerrar sesión'. */
function AdminHeader({ email, restaurantName, start, end }: { email: string; restaurantName: string; start?: ReactNode; end?: ReactNode }) {
  return (
    <header className="bg-brand text-brand-foreground">
      <div className="mx-auto flex min-h-16 max-w-6xl items-center gap-2 px-4 py-2">
        {start}
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="truncate text-lg font-semibold leading-tight">{restaurantName}</p>
          <p className="truncate text-sm">
            <span className="sr-only">{text.signedInAs} </span>
            {email}
          </p>
        </div>
        {end}
        <SignOutButton />
      </div>
    </header>
  );
}

/**
 * /admin while the owner requires a second factor this account lacks (issue 44): only its set-up, nothing of the
 * restaurant's (the server refuses the rest until then).
 */
export function SecondFactorSetupShell({ email, restaurantName }: { email: string; restaurantName: string }) {
  useRecentSignInDialog();
  return (
    <div className="flex min-h-dvh flex-col">
      <AdminHeader email={email} restaurantName={restaurantName} />
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-4 sm:py-6">
        <Suspense fallback={<Spinner className="text-muted-foreground" />}>
          <SecondFactorSetup />
        </Suspense>
      </main>
    </div>
  );
}

function SignOutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: async () => {
        toast.success(staffMessages.admin.toasts.signedOut);
        // Synchronously, so that /admin is gone before the session is marked as ended (its guard would
        // otherwise send the user to /auth instead of /). The router renders a navigation at once (router.tsx).
        flushSync(() => void navigate('/'));
        forgetSignedInData(queryClient);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Button variant="secondary" size="sm" onClick={signOut} disabled={logout.isPending}>
      <LogOut aria-hidden="true" />
      {text.signOut}
    </Button>
  );
}
