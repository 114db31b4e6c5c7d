// Which webhook events one line of a reservation's change log stands for (issue 48, item 3). Every change to a
// booking writes that line in its own transaction, so the events follow from it, whatever made the change.
import type { ChangeAction } from '../schemas/reservation-history.ts';
import type { ReservationWebhookEvent } from '../schemas/webhooks.ts';

const BY_STATUS: Partial<Record<string, ReservationWebhookEvent>> = {
  confirmed: 'reservation.confirmed',
  cancelled: 'reservation.cancelled',
  completed: 'reservation.completed',
};
const BY_ARRIVAL: Partial<Record<string, ReservationWebhookEvent>> = {
  arrived: 'reservation.seated',
  no_show: 'reservation.no_show',
};

/**
 * A creation is 'reservation.created' (its status is in the body); a status or arrival that names an event is that
 * event; any other change of a field (an edit, a bill, a status or arrival taken back) is 'reservation.changed'.
 */
export function reservationWebhookEvents(action: ChangeAction, changes: Record<string, readonly [unknown, unknown]>): ReservationWebhookEvent[] {
  if (action === 'created') return ['reservation.created'];
  const events: ReservationWebhookEvent[] = [];
  let otherChange = false;
  for (const [field, [, after]] of Object.entries(changes)) {
    const named = field === 'status' ? BY_STATUS[String(after)] : field === 'arrivalStatus' ? BY_ARRIVAL[String(after)] : undefined;
    if (named) events.push(named);
    else if (field !== 'cancellationReason') otherChange = true;
  }
  if (otherChange) events.push('reservation.changed');
  return [...new Set(events)];
}
