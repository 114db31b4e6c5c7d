import { Suspense, useEffect, useRef, useState } from 'react';
import { mayUse } from '@shared/rules/permissions';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { chargeMessages } from '@shared/staff-messages/charges';
import { Button } from '@web/components/ui/button';
import { useStaffRole } from '@web/features/auth/session';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { chargeable, refundable } from './charge-rules';

// 'Cobrar no-show' (or 'Cobrar cancelación tardía') and 'Reembolsar' on the reservation card (issue 45), and the
// offer of a refund when a charged no-show turns out to have come. The dialogs load when first opened.

const NoShowChargeDialog = preloadableLazy(() => import('./no-show-charge-dialog').then((module) => ({ default: module.NoShowChargeDialog })));
const RefundDialog = preloadableLazy(() => import('./refund-dialog').then((module) => ({ default: module.RefundDialog })));

const text = chargeMessages.actions;

interface ActionProps {
  reservation: AdminReservation;
  describedBy: string;
}

/** Money is the owner's and the encargado's: the floor sees the chips only. */
function useMayCharge(): boolean {
  const role = useStaffRole();
  return role !== null && mayUse(role, 'POST', '/reservations/:id/no-show-charge');
}

export function ChargeNoShowButton({ reservation, describedBy }: ActionProps) {
  const mayCharge = useMayCharge();
  const [open, setOpen] = useState(false);
  const reason = chargeable(reservation);
  if (!mayCharge || !reason) return null;
  return (
    <>
      <Button size="sm" variant="outline" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        {reason === 'late_cancellation' ? text.chargeLateCancellation : text.charge}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <NoShowChargeDialog reservation={reservation} reason={reason} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

export function RefundButton({ reservation, describedBy }: ActionProps) {
  const mayCharge = useMayCharge();
  const [open, setOpen] = useState(false);
  const charge = refundable(reservation.guarantee);
  if (!mayCharge || !charge) return null;
  return (
    <>
      <Button size="sm" variant="outline" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        {text.refund}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RefundDialog customerName={reservation.customerName} charge={charge} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A charged no-show switched to 'Llegó' while its card is open: the refund, offered at once. Renders nothing for
 * anyone who may not refund, or when nothing is left to refund.
 */
export function RefundOnArrival({ reservation }: { reservation: AdminReservation }) {
  const mayCharge = useMayCharge();
  const previous = useRef(reservation);
  const [offer, setOffer] = useState<AdminReservation | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = reservation;
    if (before.arrivalStatus === 'no_show' && reservation.arrivalStatus === 'arrived' && refundable(before.guarantee)) setOffer(before);
  }, [reservation]);
  const charge = offer && refundable(offer.guarantee);
  if (!mayCharge || !offer || !charge) return null;
  return (
    <Suspense fallback={null}>
      <RefundDialog customerName={offer.customerName} charge={charge} afterArrival onOpenChange={(open) => !open && setOffer(null)} />
    </Suspense>
  );
}
