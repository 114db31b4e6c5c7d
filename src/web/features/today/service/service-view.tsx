import { createContext, startTransition, use, useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { formatCount, formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { ServiceTimer } from '@shared/rules/seating';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { useTableNamesOfDay } from '@web/features/tables/reservation-tables';
import { cn } from '@web/lib/cn';
import { formatLongDate, formatTime } from '@web/lib/format';
import { NextStepActions, type NextSteps, useNextSteps } from '@web/features/reservations/reservation-actions';
import { ConfirmAllButton } from '@web/features/reservations/confirm-all-button';
import { preloadBookingDetail, ReservationDetail } from './reservation-detail';
import {
  filterCounts,
  groupBySlot,
  matchesServiceFilter,
  SERVICE_FILTERS,
  serviceTotals,
  timersById,
  type ServiceFilter,
  type ServiceSlot,
  type TimerOf,
} from './service-day';
import { ServiceRow } from './service-row';

const text = staffMessages.admin.service;

/**
 * Today's bookings as the host stand sees them (issue 22): filter chips, the requests still to confirm on top, then
 * one compact row per booking grouped by half-hour slot, and the chosen booking's detail beside the list or over it
 * (issue 52, item 5: no empty pane before one is opened).
 */
export function ServiceView({ reservations, timerOf, label }: { reservations: readonly AdminReservation[]; timerOf: TimerOf | null; label: string }) {
  const [filter, setFilter] = useState<ServiceFilter>('all');
  const timers = useMemo(() => timersById(reservations, timerOf), [reservations, timerOf]);
  const counts = useMemo(() => filterCounts(reservations, timers), [reservations, timers]);
  const shown = reservations.filter((reservation) => matchesServiceFilter(filter, reservation, timers.get(reservation.id) ?? null));
  const pending = shown.filter((reservation) => reservation.status === 'pending');
  const rest = shown.filter((reservation) => reservation.status !== 'pending');
  return (
    <>
      <FilterChips counts={counts} value={filter} onChange={setFilter} />
      {shown.length === 0 ? (
        <p role="status" className="py-6 text-center text-muted-foreground">
          {formatMessage(text.filterEmpty, { filter: text.filters[filter] })}
        </p>
      ) : (
        <ServiceBoard reservations={shown} pending={pending} rest={rest} timers={timers} label={label} />
      )}
    </>
  );
}

/** Bookings of several days (what 'Buscar' finds) in the same rows, with a heading per day. */
export function ServiceSearchList({ reservations, timerOf, label }: { reservations: readonly AdminReservation[]; timerOf: TimerOf | null; label: string }) {
  const timers = useMemo(() => timersById(reservations, timerOf), [reservations, timerOf]);
  return <ServiceBoard reservations={reservations} pending={[]} rest={reservations} timers={timers} label={label} withDates />;
}

/** '14 cubiertos · 0 sentados · 14 por llegar' for the day. */
export function ServiceTotals({ reservations }: { reservations: readonly AdminReservation[] }) {
  const line = totalsText(serviceTotals(reservations));
  return (
    <p className="font-medium tabular-nums" aria-label={`${text.totalsLabel}: ${line}`}>
      {line}
    </p>
  );
}

const totalsText = ({ covers, seated, expected }: ReturnType<typeof serviceTotals>) =>
  [
    formatCount(covers, text.coversOne, text.coversMany),
    formatCount(seated, text.seatedOne, text.seatedMany),
    formatMessage(text.expectedMany, { count: expected }),
  ].join(' · ');

function FilterChips({ counts, value, onChange }: { counts: Record<ServiceFilter, number>; value: ServiceFilter; onChange: (filter: ServiceFilter) => void }) {
  return (
    <div role="group" aria-label={text.filtersLabel} className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1">
      {SERVICE_FILTERS.map((filter) => {
        const pressed = filter === value;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(filter)}
            className={cn(
              'inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
              pressed ? 'border-brand bg-brand text-brand-foreground' : 'bg-card hover:bg-muted',
            )}
          >
            {text.filters[filter]}
            <span className={cn('rounded-full px-1.5 text-xs tabular-nums', pressed ? 'bg-brand-foreground text-brand' : 'bg-muted')}>{counts[filter]}</span>
          </button>
        );
      })}
    </div>
  );
}

interface ServiceBoardProps {
  reservations: readonly AdminReservation[];
  /** Requests to confirm, listed apart above the slots. */
  pending: readonly AdminReservation[];
  rest: readonly AdminReservation[];
  timers: ReadonlyMap<string, ServiceTimer>;
  label: string;
  withDates?: boolean;
}

/**
 * Rows the first render holds: more than a screen. The rest follow at once, ROWS_PER_STEP at a time, each step a
 * background render that yields to the host's input: a 300-booking day never blocks the tab while it appears, and no
 * single commit inserts hundreds of rows.
 */
const FIRST_ROWS = 20;
const ROWS_PER_STEP = 40;

/** How many rows to render: FIRST_ROWS at first, then a step more after each commit until all `total` are in. */
function useRowsRevealed(total: number): number {
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit >= total) return;
    startTransition(() => setLimit((shown) => shown + ROWS_PER_STEP));
  }, [limit, total]);
  return limit;
}

/** Each slot with only the rows within `limit`, counted from the top; slots past it are left out. */
function slotsWithin(slots: ServiceSlot<AdminReservation>[], limit: number): ServiceSlot<AdminReservation>[] {
  let left = limit;
  return slots.flatMap((slot) => {
    if (left <= 0) return [];
    const bookings = slot.bookings.slice(0, left);
    left -= bookings.length;
    return [{ ...slot, bookings }];
  });
}

/** The rows, the whole width until a booking is opened; then the chosen one's detail beside them on a tablet or laptop. */
function ServiceBoard({ reservations, pending, rest, timers, label, withDates = false }: ServiceBoardProps) {
  const rowLimit = useRowsRevealed(reservations.length);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const pendingHeadingId = useId();
  const steps = useNextSteps();
  const close = useCallback(() => setChosenId(null), []);
  const chosen = reservations.find((reservation) => reservation.id === chosenId) ?? null;
  const slots = useMemo(() => groupBySlot(rest), [rest]);
  const rowsOf = (bookings: readonly AdminReservation[]) => (
    <SlotRows bookings={bookings} timers={timers} chosenId={chosenId} onOpen={setChosenId} />
  );
  return (
    <div className={cn('grid items-start gap-4', chosen && 'lg:grid-cols-[minmax(0,1fr)_26rem]')}>
      <div className="flex min-w-0 flex-col gap-3" aria-label={label} role="region" onPointerOver={preloadBookingDetail} onFocus={preloadBookingDetail}>
        <NextStepsContext value={steps}>
          {pending.length > 0 && (
            <section aria-labelledby={pendingHeadingId} className="rounded-lg border border-yellow-300 bg-yellow-50/60">
              <div className="flex flex-wrap items-center justify-between gap-2 px-3 pt-2">
                <h3 id={pendingHeadingId} className="text-sm font-semibold text-yellow-950">
                  {text.pendingStrip} ({pending.length})
                </h3>
                <ConfirmAllButton reservations={pending} />
              </div>
              {rowsOf(pending.slice(0, rowLimit))}
            </section>
          )}
          {slotsWithin(slots, rowLimit - pending.length).map((slot, index, shown) => (
            <SlotSection key={`${slot.date} ${slot.slot}`} slot={slot} newDay={withDates && slot.date !== shown[index - 1]?.date}>
              {rowsOf(slot.bookings)}
            </SlotSection>
          ))}
        </NextStepsContext>
      </div>
      <ReservationDetail reservation={chosen} timer={chosen ? (timers.get(chosen.id) ?? null) : null} onClose={close} />
    </div>
  );
}

/** A slot's size before it is laid out: a heading and rows as a laptop shows them (a phone's wrap taller). */
const SLOT_HEADING_PX = 30;
const ROW_PX = 53;

function SlotSection({ slot, newDay, children }: { slot: ServiceSlot<AdminReservation>; newDay: boolean; children: ReactNode }) {
  const heading = `${formatTime(slot.slot)} · ${formatCount(slot.covers, text.coversOne, text.coversMany)}`;
  return (
    // Slots off screen skip layout and paint until scrolled near (content-visibility), sized meanwhile by their rows.
    <section
      aria-label={formatMessage(text.slotLabel, { slot: formatTime(slot.slot) })}
      className="rounded-lg border bg-card [content-visibility:auto]"
      style={{ containIntrinsicSize: `auto ${SLOT_HEADING_PX + slot.bookings.length * ROW_PX}px` }}
    >
      {newDay && <p className="border-b px-3 py-1.5 text-sm font-semibold first-letter:uppercase">{formatLongDate(slot.date)}</p>}
      <h3 className="border-b bg-muted/50 px-3 py-1 text-sm font-semibold tabular-nums text-muted-foreground">{heading}</h3>
      {children}
    </section>
  );
}

/** The list's shared next-step mutations, read by each row's buttons: the rows themselves stay memoised. */
const NextStepsContext = createContext<NextSteps | null>(null);

function RowNextStep({ reservation, describedBy }: { reservation: AdminReservation; describedBy: string }) {
  const steps = use(NextStepsContext);
  return steps && <NextStepActions reservation={reservation} describedBy={describedBy} steps={steps} />;
}

function SlotRows({
  bookings,
  timers,
  chosenId,
  onOpen,
}: {
  bookings: readonly AdminReservation[];
  timers: ReadonlyMap<string, ServiceTimer>;
  chosenId: string | null;
  onOpen: (id: string) => void;
}) {
  const date = bookings[0]?.reservationDate ?? '';
  const tablesOf = useTableNamesOfDay(date);
  return (
    <ul className="divide-y">
      {bookings.map((reservation) => (
        <ServiceRow
          key={reservation.id}
          reservation={reservation}
          timer={timers.get(reservation.id) ?? null}
          tables={tablesOf ? tablesOf(reservation.id).join(', ') : null}
          selected={reservation.id === chosenId}
          onOpen={onOpen}
          Action={RowNextStep}
        />
      ))}
    </ul>
  );
}
