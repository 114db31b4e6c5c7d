import { Timer } from 'lucide-react';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { ReservationStatus } from '@shared/schemas/reservation';
import type { ServiceTimer } from '@shared/rules/seating';
import { Badge } from '@web/components/ui/badge';

// A booking's status and timer chips, on the card and on the service view's row: a small module of their own, so
// that the rows do not load the card.

const text = staffMessages.admin.today;

const STATUS_VARIANT = {
  pending: 'warning',
  confirmed: 'success',
  cancelled: 'danger',
  completed: 'info',
} as const satisfies Record<ReservationStatus, 'warning' | 'success' | 'danger' | 'info'>;

/** 'Llega tarde: N min' or 'Pasada de tiempo: N min', on the card and on the service view's row. */
export function TimerBadge({ timer }: { timer: ServiceTimer }) {
  const late = timer.kind === 'late';
  return (
    <Badge variant={late ? 'danger' : 'warning'}>
      <Timer aria-hidden="true" />
      {formatMessage(late ? text.timerLate : text.timerOverTime, { minutes: timer.minutes })}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: ReservationStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{messages.reservationStatus[status]}</Badge>;
}

/** 'Confirmó asistencia': the guest answered the confirmation by WhatsApp or SMS (issue 46). */
export function GuestConfirmedBadge({ confirmedAt }: { confirmedAt: string | null | undefined }) {
  return confirmedAt ? <Badge variant="success">{text.guestConfirmed}</Badge> : null;
}
