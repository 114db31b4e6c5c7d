import type { ChargeReason, GuaranteeSummary } from '@shared/schemas/guarantee-summary';
import type { AdminReservation } from '@shared/schemas/staff-reservation';

// Which bookings offer 'Cobrar no-show' and 'Reembolsar' (issue 45): read by the first screen's rows, which load the
// buttons themselves only for the bookings that show them.

/**
 * What the booking's saved card may be charged for (the server says: a no-show or a guest's late cancellation), while
 * it is not charged yet (a declined charge may be tried again); null when there is nothing to charge.
 */
export function chargeable(reservation: AdminReservation): ChargeReason | null {
  const guarantee = reservation.guarantee;
  const charge = guarantee?.charge;
  const retriable = !charge || charge.status === 'failed' || (charge.status === 'processing' && charge.failureReason !== null);
  return retriable ? (guarantee?.chargeable ?? null) : null;
}

/** The charge 'Reembolsar' gives money back on: charged, and not all refunded yet. */
export function refundable(guarantee: GuaranteeSummary | null | undefined) {
  const charge = guarantee?.charge;
  return charge?.status === 'succeeded' && charge.refundedCents < charge.amountCents ? charge : null;
}
