import { memo, useId, type ComponentType, type ReactNode } from 'react';
import { Armchair, NotebookPen, Sparkles, Tag, TriangleAlert, UserX, Users } from 'lucide-react';
import { formatCount, formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { ServiceTimer } from '@shared/rules/seating';
import type { AdminReservation, GuestSummary } from '@shared/schemas/staff-reservation';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { formatTime } from '@web/lib/format';
import { GuaranteeBadges } from '@web/features/charges/guarantee-badges';
import { GuestConfirmedBadge, NoShowRiskToggle, StatusBadge, TimerBadge } from '@web/features/reservations/reservation-badges';

const text = staffMessages.admin.service;
const guestText = staffMessages.guests;

interface ServiceRowProps {
  reservation: AdminReservation;
  timer: ServiceTimer | null;
  /** Its tables' names, joined ('' for none); null while the floor is loading. */
  tables: string | null;
  selected: boolean;
  onOpen: (id: string) => void;
  /** The row's next step (Llegó, Completar, Confirmar…), its buttons described by the customer's name. */
  Action?: ComponentType<{ reservation: AdminReservation; describedBy: string }>;
}

/**
 * One booking as a line of the service view: time first, then name, party, tables, status and arrival chips and
 * icons for what a host must not miss. The whole line opens the booking's detail; its next step sits at the end.
 */
export const ServiceRow = memo(function ServiceRow({ reservation, timer, tables, selected, onOpen, Action }: ServiceRowProps) {
  const nameId = useId();
  const detailsId = useId();
  const done = reservation.status === 'cancelled' || reservation.status === 'completed' || reservation.arrivalStatus === 'no_show';
  return (
    <li className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 px-2 py-1', selected && 'bg-accent', done && 'text-muted-foreground')}>
      <button
        type="button"
        aria-labelledby={nameId}
        aria-describedby={detailsId}
        aria-current={selected || undefined}
        onClick={() => onOpen(reservation.id)}
        className="grid min-h-11 min-w-0 flex-[1_1_14rem] grid-cols-[3.25rem_minmax(0,1fr)] items-center gap-x-2 rounded-md px-1 py-1 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-brand sm:grid-cols-[3.25rem_minmax(9rem,1fr)_minmax(0,max-content)]"
      >
        <span className={cn('font-semibold tabular-nums', done && 'line-through')}>{formatTime(reservation.reservationTime)}</span>
        <span className="flex min-w-0 items-center gap-1.5">
          {/* A long name wraps, never cut with an ellipsis (issue 52, item 5). */}
          <span id={nameId} className="min-w-0 break-words font-medium">
            {reservation.customerName}
          </span>
        </span>
        <span id={detailsId} className="col-start-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm sm:col-start-3 sm:justify-end">
          <span className="sr-only">{formatTime(reservation.reservationTime)}, </span>
          <RowIcons reservation={reservation} />
          <span className="inline-flex items-center gap-1 tabular-nums">
            <Users aria-hidden="true" className="size-3.5 text-muted-foreground" />
            <span className="sr-only">{text.partyLabel}: </span>
            {reservation.numberOfPeople}
          </span>
          {tables !== null && reservation.status !== 'cancelled' && (
            <span className="inline-flex max-w-40 items-center gap-1">
              <Armchair aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
              <span className="sr-only">{text.tableLabel}: </span>
              <span className={cn('truncate', tables === '' && 'text-muted-foreground')}>{tables || text.noTable}</span>
            </span>
          )}
          {/* An arrival state implies the booking was confirmed: one chip says both. */}
          {reservation.status === 'confirmed' && reservation.arrivalStatus !== 'pending' ? (
            <Badge variant={reservation.arrivalStatus === 'arrived' ? 'info' : 'warning'}>{messages.arrivalStatus[reservation.arrivalStatus]}</Badge>
          ) : reservation.status === 'cancelled' && reservation.cancelledBy === 'guest' ? (
            <Badge variant="danger">{staffMessages.admin.today.cancelledByGuest}</Badge>
          ) : (
            <StatusBadge status={reservation.status} />
          )}
          <GuestConfirmedBadge confirmedAt={reservation.guestConfirmedAt} />
          {timer && <TimerBadge timer={timer} />}
          <GuaranteeBadges guarantee={reservation.guarantee} />
        </span>
      </button>
      <NoShowRiskToggle risk={reservation.noShowRisk} />
      {Action && (
        <div className="ml-auto flex shrink-0 gap-1.5">
          <Action reservation={reservation} describedBy={nameId} />
        </div>
      )}
    </li>
  );
});

/** Icons with their words for assistive technology and on hover: allergens first, they matter most. */
function RowIcons({ reservation }: { reservation: AdminReservation }) {
  const guest: GuestSummary | null | undefined = reservation.guest;
  const icons: { key: string; label: string; icon: ReactNode; tone?: string; shown?: string }[] = [];
  if (guest?.allergens.length) {
    const list = guest.allergens.map((code) => messages.allergens[code]).join(', ');
    icons.push({ key: 'allergens', label: formatMessage(text.allergens, { list }), icon: <TriangleAlert />, tone: 'text-red-700' });
  }
  if (guest?.tags.length) {
    const list = guest.tags.join(', ');
    icons.push({ key: 'tags', label: formatMessage(text.tags, { list }), icon: <Tag />, shown: guest.tags[0] });
  }
  if (reservation.adminNotes || guest?.note) icons.push({ key: 'note', label: text.note, icon: <NotebookPen /> });
  if (guest && guest.visits === 0 && guest.noShows === 0) icons.push({ key: 'first', label: guestText.firstVisit, icon: <Sparkles />, tone: 'text-brand' });
  if (guest?.noShows) {
    const label = formatCount(guest.noShows, guestText.noShowsOne, guestText.noShowsMany);
    icons.push({ key: 'noShows', label, icon: <UserX />, tone: 'text-amber-700', shown: String(guest.noShows) });
  }
  return icons.map(({ key, label, icon, tone, shown }) => (
    <span key={key} role="img" aria-label={label} title={label} className={cn('inline-flex items-center gap-0.5 text-xs [&_svg]:size-4', tone)}>
      {icon}
      {shown && <span aria-hidden="true">{shown}</span>}
    </span>
  ));
}
