import { Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { Bell, CalendarDays, CalendarX, DoorOpen, HelpCircle, ListOrdered, PauseCircle, Plus, UserX } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import type { TodayClosures, TodayPause } from '@shared/schemas/closures';
import { Button } from '@web/components/ui/button';
import { useTodayClosures } from './api/get-today-closures';
import { useTodayPause, useTodayReservations } from '@web/features/reservations/day-queries';
import { usePendingCount } from './api/get-pending-count';
import { formatLongDate, formatTime } from '@web/lib/format';
import { QueryState } from '@web/components/query-state';
import type { TimerOf } from './service/service-day';
import { ServiceTotals, ServiceView } from './service/service-view';
import { useServiceTimers } from '@web/features/tables/service-timers';
import { SearchField, SearchResults } from './reservation-search';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useMadridClock } from './use-madrid-clock';
import { mayUse, type StaffRole } from '@shared/rules/permissions';
import { useStaffRole } from '@web/features/auth/session';
import { MailWarning, useSetupStatus } from '@web/features/setup/mail-warning';
import { SetupChecklist } from '@web/features/setup/setup-checklist';
import { Spinner } from '@web/components/ui/spinner';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

type OpenDialog = 'pause' | 'manual' | 'walkIn' | 'waitlist' | 'upcoming' | 'pending' | 'callToConfirm' | 'block' | 'whyFull' | null;

// The toolbar's dialogs, each loaded when first opened (or pointed at, or focused: preloadDialog): their forms (and
// zod) stay out of the tab's first load.
const CallToConfirmDialog = preloadableLazy(() => import('@web/features/reservations/call-to-confirm-dialog').then((module) => ({ default: module.CallToConfirmDialog })));
const BlockDayDialog = preloadableLazy(() => import('@web/features/reservations/block-day-dialog').then((module) => ({ default: module.BlockDayDialog })));
const ManualReservationDialog = preloadableLazy(() => import('@web/features/reservations/manual-reservation-dialog').then((module) => ({ default: module.ManualReservationDialog })));
const PauseDialog = preloadableLazy(() => import('@web/features/reservations/pause-dialog').then((module) => ({ default: module.PauseDialog })));
const PendingDialog = preloadableLazy(() => import('@web/features/reservations/pending-dialog').then((module) => ({ default: module.PendingDialog })));
const UpcomingDialog = preloadableLazy(() => import('@web/features/reservations/upcoming-dialog').then((module) => ({ default: module.UpcomingDialog })));
const WalkInDialog = preloadableLazy(() => import('@web/features/reservations/walk-in-dialog').then((module) => ({ default: module.WalkInDialog })));
const WaitlistDialog = preloadableLazy(() => import('@web/features/waitlist/waitlist-dialog').then((module) => ({ default: module.WaitlistDialog })));
const WhyFullDialog = preloadableLazy(() => import('@web/features/reservations/why-full-dialog').then((module) => ({ default: module.WhyFullDialog })));

const DIALOGS = {
  block: BlockDayDialog,
  callToConfirm: CallToConfirmDialog,
  manual: ManualReservationDialog,
  pause: PauseDialog,
  pending: PendingDialog,
  upcoming: UpcomingDialog,
  walkIn: WalkInDialog,
  waitlist: WaitlistDialog,
  whyFull: WhyFullDialog,
} satisfies Record<Exclude<OpenDialog, null>, { preload(): Promise<void> }>;

/** Props for a button that opens `dialog`: its chunk starts loading as the pointer reaches it or it takes focus. */
const preloadDialog = (dialog: Exclude<OpenDialog, null>) => {
  const preload = () => void DIALOGS[dialog].preload().catch(() => undefined); // opening it shows the error
  return { onPointerEnter: preload, onFocus: preload };
};

const text = staffMessages.admin.today;

/** The Reservas tab of /admin: today's pause, the day's tools and today's reservations (or what 'Buscar' finds), kept fresh. */
export function TodayTab() {
  const clock = useMadridClock();
  const role = useStaffRole();
  const pause = useTodayPause();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const openChange = (name: Exclude<OpenDialog, null>) => (open: boolean) => setDialog(open ? name : null);
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim());
  const timerOf = useServiceTimers(clock.today, clock.time);
  // One observer each, passed down: under the spec's stale time of 0 every new observer would ask the server again.
  const today = useTodayReservations();
  const closures = useTodayClosures();
  // Banners above the list come from their own answers: the tab shows once all of them are in, so nothing the host
  // is reading (or about to tap) jumps down when one arrives.
  const firstScreen = [today, closures, pause, useSetupStatus()];
  const dateLine = (
    <p className="text-sm text-muted-foreground first-letter:uppercase">
      {formatLongDate(clock.today)} · {clock.time}
    </p>
  );
  const ready = !firstScreen.some((query) => query.isPending && !query.error);
  // The answers arrive in a synchronous render (the query cache is an external store): the full tab then follows in a
  // background render that yields to input, instead of one long task. Ready at mount (back from another tab), at once.
  const showTab = useDeferredValue(ready);
  if (!showTab) {
    return (
      <div className="flex min-h-[70vh] flex-col gap-4">
        {dateLine}
        <Spinner className="justify-center py-6 text-muted-foreground" />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {dateLine}
      <MailWarning />
      <ClosureBanners closures={closures.data?.closures ?? []} />
      {pause.data?.pause && <PauseBanner pause={pause.data} />}
      <Toolbar hasPause={Boolean(pause.data?.pause)} role={role} onOpen={setDialog} />
      <DayTotals reservations={today.data} onWhyFull={() => setDialog('whyFull')} />
      <SearchField value={search} onChange={setSearch} />
      {searched ? <SearchResults search={searched} timerOf={timerOf} /> : <TodayList today={today} timerOf={timerOf} />}
      {/* After the day's list: the service comes first, the set-up when there is time. */}
      {role && mayUse(role, 'PATCH', '/setup') && <SetupChecklist />}

      {/* Each dialog is mounted while open only: the tab renders none of them before the host asks. */}
      <Suspense fallback={null}>
        {dialog === 'pause' && <PauseDialog open onOpenChange={openChange('pause')} current={pause.data} />}
        {dialog === 'manual' && <ManualReservationDialog open onOpenChange={openChange('manual')} today={clock.today} />}
        {dialog === 'walkIn' && <WalkInDialog open onOpenChange={openChange('walkIn')} />}
        {dialog === 'waitlist' && <WaitlistDialog open onOpenChange={openChange('waitlist')} today={clock.today} />}
        {dialog === 'upcoming' && <UpcomingDialog open onOpenChange={openChange('upcoming')} />}
        {dialog === 'pending' && <PendingDialog open onOpenChange={openChange('pending')} today={clock.today} />}
        {dialog === 'callToConfirm' && <CallToConfirmDialog open onOpenChange={openChange('callToConfirm')} />}
        {dialog === 'block' && <BlockDayDialog open onOpenChange={openChange('block')} today={clock.today} />}
        {dialog === 'whyFull' && <WhyFullDialog open onOpenChange={openChange('whyFull')} today={clock.today} />}
      </Suspense>
    </div>
  );
}

/** One banner for each reason today takes no new bookings. */
function ClosureBanners({ closures }: { closures: TodayClosures['closures'] }) {
  return closures.map((closure) => (
    <div key={closure} role="status" className="rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 font-medium text-yellow-900">
      {text.closures[closure]}
    </div>
  ));
}

function PauseBanner({ pause }: { pause: TodayPause }) {
  if (!pause.pause) return null;
  return (
    <div role="status" className="rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-yellow-900">
      <p className="font-medium">
        {formatMessage(text.pauseBanner, { start: formatTime(pause.pause.startTime), end: formatTime(pause.pause.endTime) })}
      </p>
      <p className="text-sm">{pause.pausedNow ? text.pausedNow : text.notPausedNow}</p>
    </div>
  );
}

/** The tools a role may be refused (the permissions table decides): closures are not Sala's (issue 41). */
const ROUTES: Partial<Record<Exclude<OpenDialog, null>, [method: string, route: string]>> = {
  pause: ['PUT', '/pause/today'],
  block: ['POST', '/blocked-days'],
};

/** One row: icons with their words from a small tablet up, icons alone (named for assistive technology) on a phone. */
function Toolbar({ hasPause, role, onOpen }: { hasPause: boolean; role: StaffRole | null; onOpen: (dialog: OpenDialog) => void }) {
  const pendingCount = usePendingCount();
  const count = pendingCount.data ?? 0;
  const tools: { dialog: Exclude<OpenDialog, null>; label: string; icon: ReactNode; primary?: boolean }[] = [
    { dialog: 'manual', label: text.addManual, icon: <Plus />, primary: true },
    { dialog: 'walkIn', label: staffMessages.admin.walkIn.open, icon: <DoorOpen /> },
    { dialog: 'waitlist', label: staffMessages.admin.waitlist.open, icon: <ListOrdered /> },
    { dialog: 'pending', label: text.pendingAlerts, icon: <Bell /> },
    { dialog: 'upcoming', label: text.upcoming, icon: <CalendarDays /> },
    { dialog: 'callToConfirm', label: text.callToConfirm, icon: <UserX /> },
    { dialog: 'pause', label: hasPause ? text.managePause : text.pause, icon: <PauseCircle /> },
    { dialog: 'block', label: text.blockDay, icon: <CalendarX /> },
  ];
  return (
    <div className="-mx-1 flex gap-1.5 overflow-x-auto px-1 py-0.5 sm:flex-wrap sm:gap-2">
      {tools.filter(({ dialog }) => !ROUTES[dialog] || (role && mayUse(role, ...ROUTES[dialog]))).map(({ dialog, label, icon, primary }) => (
        <Button
          key={dialog}
          variant={primary ? 'default' : 'outline'}
          title={label}
          className="relative shrink-0 max-sm:w-11 max-sm:px-0"
          onClick={() => onOpen(dialog)}
          {...preloadDialog(dialog)}
        >
          <span aria-hidden="true">{icon}</span>
          <span className="max-sm:sr-only">{label}</span>
          {dialog === 'pending' && count > 0 && (
            <span className="rounded-full bg-yellow-400 px-2 py-0.5 text-xs font-semibold text-yellow-950 tabular-nums max-sm:absolute max-sm:-top-1 max-sm:-right-1 max-sm:px-1.5">
              <span aria-hidden="true">{count}</span>
              <span className="sr-only">{formatMessage(text.pendingCount, { count })}</span>
            </span>
          )}
        </Button>
      ))}
    </div>
  );
}

/** The day's covers, and why no more fit: the question a full day raises, next to the answer's figures. */
function DayTotals({ reservations, onWhyFull }: { reservations: readonly AdminReservation[] | undefined; onWhyFull: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      {reservations ? <ServiceTotals reservations={reservations} /> : <span />}
      <Button variant="ghost" size="sm" className="text-brand" onClick={onWhyFull} {...preloadDialog('whyFull')}>
        <HelpCircle aria-hidden="true" />
        {staffMessages.admin.whyFull.title}
      </Button>
    </div>
  );
}

function TodayList({ today, timerOf }: { today: ReturnType<typeof useTodayReservations>; timerOf: TimerOf | null }) {
  if (!today.data) return <QueryState query={today} />;
  if (today.data.length === 0) return <p className="py-6 text-center text-muted-foreground">{text.empty}</p>;
  return <ServiceView reservations={today.data} label={text.listLabel} timerOf={timerOf} />;
}
