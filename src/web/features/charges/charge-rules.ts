import type { GuaranteeSummary } from '@shared/schemas/guarantee-summary';
import type { AdminReservation } from '@shared/schemas/reservation';

// Which bookings offer 'Cobrar no-show' and 'Reembolsar' (issue 45): read by the first screen's rows, which load the
// buttons themselves only for the bookings that show them.

/** A 'No vino' booking whose card is still saved and not charged (a declined charge may be tried again). */
export function chargeable(reservation: AdminReservation): boolean {
  const guarantee = reservation.guarantee;
  const charge = guarantee?.charge;
  const retriable = !charge || charge.status === 'failed' || (charge.status === 'processing' && charge.failureReason !== null);
  return reservation.arrivalStatus === 'no_show' && guarantee?.state === 'saved' && retriable;
}

/** The charge 'Reembolsar' gives money back on: charged, and not all refunded yet. */
export function refundable(guarantee: GuaranteeSummary | null | undefined) {
  const charge = guarantee?.charge;
  return charge?.status === 'succeeded' && charge.refundedCents < charge.amountCents ? charge : null;
}
