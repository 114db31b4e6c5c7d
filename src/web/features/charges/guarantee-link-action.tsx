import { Suspense, useState } from 'react';
import { mayUse } from '@shared/rules/permissions';
import { publicGuaranteeTermsFor } from '@shared/rules/card-guarantee';
import { madridInstant } from '@shared/rules/madrid-time';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { chargeBadgeMessages } from '@shared/staff-messages/charges-badges';
import { Button } from '@web/components/ui/button';
import { useStaffRole } from '@web/features/auth/session';
import { usePublicSettings } from '@web/features/public-settings/public-settings';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

// 'Enviar enlace de garantía' on the reservation card (issue 45, item 7): a phone booking the card guarantee's rules
// would have asked a card for. The dialog, its texts and the request load when first opened.

const GuaranteeLinkDialog = preloadableLazy(() => import('./guarantee-link-dialog').then((module) => ({ default: module.GuaranteeLinkDialog })));

/** The rule's terms when the action applies: active, ahead, with an email and no card, the guarantee on and connected. */
function useLinkTerms(reservation: AdminReservation) {
  const role = useStaffRole();
  // When the card was shown: a booking passing its time while the card is open keeps the button until the next render
  // of the list; the server refuses it then.
  const [now] = useState(Date.now);
  const guarantee = usePublicSettings().data?.cardGuarantee ?? null;
  const mayAsk = role !== null && mayUse(role, 'POST', '/reservations/:id/guarantee-link');
  const active = reservation.status === 'pending' || reservation.status === 'confirmed';
  const ahead = madridInstant(reservation.reservationDate, reservation.reservationTime).getTime() > now;
  const noCard = !reservation.guarantee || reservation.guarantee.state === 'link_sent';
  if (!mayAsk || !active || !ahead || !reservation.customerEmail || !noCard) return null;
  return publicGuaranteeTermsFor(guarantee, reservation);
}

export function GuaranteeLinkButton({ reservation, describedBy }: { reservation: AdminReservation; describedBy: string }) {
  const terms = useLinkTerms(reservation);
  const [open, setOpen] = useState(false);
  if (!terms) return null;
  return (
    <>
      <Button size="sm" variant="outline" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        {chargeBadgeMessages.sendLink}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <GuaranteeLinkDialog reservation={reservation} terms={terms} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
