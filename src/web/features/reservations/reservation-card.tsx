import { useId, type ReactNode } from 'react';
import { CalendarClock, Users } from 'lucide-react';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { ContactDetails, IconDetail } from '@web/components/icon-detail';
import { GuestHistory } from '@web/features/guests/guest-history';
import { ReservationTables } from '@web/features/tables/reservation-table-choice';
import { cn } from '@web/lib/cn';
import { ChargeNoShowButton, RefundButton, RefundOnArrival } from '@web/features/charges/charge-actions';
import { GuaranteeBadges } from '@web/features/charges/guarantee-badges';
import { GuaranteeLinkButton } from '@web/features/charges/guarantee-link-action';
import { ChangeLog } from './change-log';
import { EditReservation } from './edit-reservation-dialog';
import { GuestConfirmedBadge, NoShowRiskToggle, StatusBadge, TimerBadge } from './reservation-badges';
import { formatShortDate, formatTime } from '@web/lib/format';
import { parseNote } from '@shared/rules/notes';
import type { ServiceTimer } from '@shared/rules/seating';

// The reservation card, shared by the Today and History tabs; with the arrival buttons, the feature's public entry
// for them.

export { ArrivalButtons } from './arrival-buttons';

const text = staffMessages.admin.today;

interface ReservationCardProps {
  reservation: AdminReservation;
  /** Rendered at the bottom; receives the id of the customer's name to describe its buttons with. */
  actions?: (nameId: string) => ReactNode;
  /** The date is worth repeating only where reservations of several days are listed. */
  showDate?: boolean;
  /** Today's clock on the booking (issue 22): a guest late, or a party past its time. */
  timer?: ServiceTimer | null;
  className?: string;
}

export function ReservationCard({ reservation, actions: renderActions, showDate = true, className, timer = null }: ReservationCardProps) {
  const nameId = useId();
  const note = parseNote(reservation.adminNotes);
  const arrivalLabel = messages.arrivalStatus[reservation.arrivalStatus];
  return (
    <Card className={cn('flex flex-col gap-3 p-4', className)} aria-labelledby={nameId} role="article">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={nameId} className="min-w-0 break-words text-base font-semibold">
          {reservation.customerName}
        </h3>
        <div className="flex flex-wrap items-center gap-1.5">
          <NoShowRiskToggle risk={reservation.noShowRisk} />
          <StatusBadge status={reservation.status} />
          <GuestConfirmedBadge confirmedAt={reservation.guestConfirmedAt} />
          {reservation.outsideHours && <Badge variant="warning">{staffMessages.admin.affected.outsideHours}</Badge>}
          {reservation.source === 'google' && <Badge variant="outline">{text.originGoogle}</Badge>}
          {timer && <TimerBadge timer={timer} />}
          <GuaranteeBadges guarantee={reservation.guarantee} />
          <Badge variant="outline">
            <span className="sr-only">{staffMessages.admin.history.arrivalStatus}: </span>
            {arrivalLabel}
          </Badge>
        </div>
      </div>
      <dl className="grid gap-1.5 text-sm sm:grid-cols-2">
        <ContactDetails phone={reservation.customerPhone} email={reservation.customerEmail} whatsappUrl={reservation.whatsappUrl} />
        <IconDetail icon={<Users />} label={staffMessages.admin.manualReservation.people}>
          {reservation.numberOfPeople === 1
            ? messages.reservation.form.peopleOne
            : formatMessage(messages.reservation.form.peopleMany, { count: reservation.numberOfPeople })}
        </IconDetail>
        <IconDetail icon={<CalendarClock />} label={showDate ? text.dateTime : staffMessages.admin.manualReservation.time}>
          {showDate ? `${formatShortDate(reservation.reservationDate)} · ` : ''}
          {formatTime(reservation.reservationTime)}
        </IconDetail>
      </dl>
      <GuestHistory reservation={reservation} describedBy={nameId} />
      <div className="rounded-md bg-muted px-3 py-2 text-sm">
        {note ? (
          <>
            <p className="font-medium">{note.fromClient ? text.clientNote : text.adminNote}</p>
            <p className="whitespace-pre-line break-words text-muted-foreground">{note.text}</p>
          </>
        ) : (
          <p className="text-muted-foreground">{text.noNotes}</p>
        )}
      </div>
      {reservation.status === 'cancelled' && reservation.cancelledBy === 'guest' && <p className="text-sm font-medium text-red-800">{text.cancelledByGuest}</p>}
      {reservation.status === 'cancelled' && reservation.cancellationReason && (
        <p className="text-sm text-muted-foreground">
          {formatMessage(text.cancellationReason, { reason: reservation.cancellationReason })}
        </p>
      )}
      <ReservationTables reservation={reservation} describedBy={nameId} />
      <div className="flex flex-wrap gap-2">
        <EditReservation reservation={reservation} describedBy={nameId} />
        <ChangeLog reservationId={reservation.id} describedBy={nameId} />
        <ChargeNoShowButton reservation={reservation} describedBy={nameId} />
        <RefundButton reservation={reservation} describedBy={nameId} />
        <GuaranteeLinkButton reservation={reservation} describedBy={nameId} />
        <RefundOnArrival reservation={reservation} />
      </div>
      {renderActions && <div className="flex flex-wrap gap-2">{renderActions(nameId)}</div>}
    </Card>
  );
}
