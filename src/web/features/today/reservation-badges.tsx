import { Suspense, useId, useState } from 'react';
import { UserX, Timer } from 'lucide-react';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { AdminReservation, ReservationStatus } from '@shared/schemas/reservation';
import type { ServiceTimer } from '@shared/rules/seating';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

// A booking's status and timer chips, on the card and on the service view's row: a small module of their own, so
// that the rows do not load the card.

const text = staffMessages.admin.today;

const RiskReasons = preloadableLazy(() => import('./no-show-risk-reasons').then((module) => ({ default: module.NoShowRiskReasons })));
const preloadReasons = () => void RiskReasons.preload().catch(() => undefined); // opening it shows the error

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
 * A 'media' or 'alta' no-show risk (issue 47, decision 043): an icon named 'Riesgo de no presentarse: alta' whose
 * reasons open below it (a disclosure: Enter or Space, a tap). Put where a full-width line may follow it.
 */
export function NoShowRiskToggle({ risk }: { risk: AdminReservation['noShowRisk'] }) {
  const [open, setOpen] = useState(false);
  const reasonsId = useId();
  if (!risk || risk.level === 'baja') return null;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={formatMessage(text.noShowRisk, { level: text.noShowRiskLevels[risk.level] })}
        aria-expanded={open}
        aria-controls={reasonsId}
        onPointerEnter={preloadReasons}
        onFocus={preloadReasons}
        onClick={() => setOpen(!open)}
        className={risk.level === 'alta' ? 'text-red-700' : 'text-amber-700'}
      >
        <UserX aria-hidden="true" />
      </Button>
      <div id={reasonsId} hidden={!open} className="order-last basis-full">
        {open && (
          <Suspense fallback={null}>
            <RiskReasons risk={risk} />
          </Suspense>
        )}
      </div>
    </>
  );
}
