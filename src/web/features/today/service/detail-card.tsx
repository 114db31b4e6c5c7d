import { Suspense } from 'react';
import { X } from 'lucide-react';
import { staffMessages } from '@shared/staff-messages';
import type { ServiceTimer } from '@shared/rules/seating';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@web/components/ui/dialog';
import { ReservationActions } from '@web/features/reservations/reservation-actions';
import { ReservationCard } from '@web/features/reservations/reservation-card';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

// 'Mensajes' (issue 46) loads in a chunk of its own with the first booking opened.
const GuestMessagesSection = preloadableLazy(() =>
  import('@web/features/guest-messages/guest-messages-section').then((module) => ({ default: module.GuestMessagesSection })),
);
// 'Importe de la cuenta' (issue 47) likewise.
const BillSection = preloadableLazy(() => import('@web/features/reservations/bill-section').then((module) => ({ default: module.BillSection })));
// The guest's rating of the visit (issue 47, decision 046) likewise.
const FeedbackSection = preloadableLazy(() => import('@web/features/reservations/feedback-section').then((module) => ({ default: module.FeedbackSection })));

// The chosen booking's detail (reservation-detail.tsx loads this file when the first booking is opened).

const text = staffMessages.admin.service;

interface DetailProps {
  reservation: AdminReservation;
  timer: ServiceTimer | null;
}

/** The spec's card of the chosen booking (its data, actions, edit, guest history and change log). */
export function DetailCard({ reservation, timer }: DetailProps) {
  return (
    <div className="flex flex-col gap-2">
      <ReservationCard
        reservation={reservation}
        timer={timer}
        showDate={false}
        actions={(nameId) => <ReservationActions reservation={reservation} describedBy={nameId} />}
      />
      <Suspense fallback={null}>
        <BillSection reservation={reservation} />
      </Suspense>
      <Suspense fallback={null}>
        <FeedbackSection reservation={reservation} />
      </Suspense>
      <Suspense fallback={null}>
        <GuestMessagesSection reservation={reservation} />
      </Suspense>
    </div>
  );
}

/** On a phone, over the list and full screen; closing it returns to the list. */
export function PhoneDetail({ reservation, timer, onClose }: DetailProps & { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby={undefined} hideClose className="h-dvh max-h-dvh w-full max-w-none content-start rounded-none border-0 p-3">
        <div className="flex items-center justify-between gap-2">
          <DialogTitle className="text-base">{text.detailLabel}</DialogTitle>
          <Button variant="outline" size="icon" aria-label={text.closeDetail} onClick={onClose}>
            <X aria-hidden="true" />
          </Button>
        </div>
        <DetailCard reservation={reservation} timer={timer} />
      </DialogContent>
    </Dialog>
  );
}
