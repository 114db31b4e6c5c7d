import { Suspense } from 'react';
import { Timer } from 'lucide-react';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { ReservationStatus } from '@shared/schemas/reservation';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import type { ServiceTimer } from '@shared/rules/seating';
import { Badge } from '@web/components/ui/badge';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

// A booking's status and timer chips, on the card and on the service view's row: a small module of their own, so
// that the rows do not load the card.

const text = staffMessages.admin.today;

const RiskToggle = preloadableLazy(() => import('./no-show-risk-toggle').then((module) => ({ default: module.NoShowRiskToggle })));

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

/**
 * A 'media' or 'alta' no-show risk (issue 47, decision 043): its icon and reasons are a chunk of their own, so /admin's
 * first load carries only this. Put where a full-width line may follow it (the reasons open below).
 */
export function NoShowRiskToggle({ risk }: { risk: AdminReservation['noShowRisk'] }) {
  return risk && risk.level !== 'baja' ? (
    <Suspense fallback={null}>
      <RiskToggle risk={risk} />
    </Suspense>
  ) : null;
}
