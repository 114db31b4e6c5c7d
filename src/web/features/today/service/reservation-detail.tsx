import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { staffMessages } from '@shared/staff-messages';
import type { ServiceTimer } from '@shared/rules/seating';
import type { AdminReservation } from '@shared/schemas/reservation';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@web/components/ui/dialog';
import { useMediaQuery } from '@web/lib/use-media-query';
import { ReservationActions } from '../reservation-actions';
import { ReservationCard } from '../reservation-card';

const text = staffMessages.admin.service;

/** Wide enough for the list and the detail side by side (Tailwind's lg). */
const SIDE_BY_SIDE = '(min-width: 1024px)';

interface ReservationDetailProps {
  reservation: AdminReservation | null;
  timer: ServiceTimer | null;
  onClose: () => void;
}

/** The spec's card of the chosen booking (its data, actions, edit, guest history and change log). */
function DetailCard({ reservation, timer }: { reservation: AdminReservation; timer: ServiceTimer | null }) {
  return (
    <ReservationCard
      reservation={reservation}
      timer={timer}
      showDate={false}
      actions={(nameId) => <ReservationActions reservation={reservation} describedBy={nameId} />}
    />
  );
}

/**
 * The chosen booking beside the list on a laptop (the list stays usable), or over it, full screen, on a phone.
 * On a laptop, focus moves to the panel when a booking is chosen, so a keyboard user lands on its actions.
 */
export function ReservationDetail({ reservation, timer, onClose }: ReservationDetailProps) {
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  if (!sideBySide) {
    return (
      <Dialog open={reservation !== null} onOpenChange={(open) => !open && onClose()}>
        <DialogContent aria-describedby={undefined} hideClose className="h-dvh max-h-dvh w-full max-w-none content-start rounded-none border-0 p-3">
          <div className="flex items-center justify-between gap-2">
            <DialogTitle className="text-base">{text.detailLabel}</DialogTitle>
            <Button variant="outline" size="icon" aria-label={text.closeDetail} onClick={onClose}>
              <X aria-hidden="true" />
            </Button>
          </div>
          {reservation && <DetailCard reservation={reservation} timer={timer} />}
        </DialogContent>
      </Dialog>
    );
  }
  return <DetailPanel reservation={reservation} timer={timer} onClose={onClose} />;
}

function DetailPanel({ reservation, timer, onClose }: ReservationDetailProps) {
  const panel = useRef<HTMLElement>(null);
  const chosen = reservation?.id;
  useEffect(() => {
    if (chosen) panel.current?.focus({ preventScroll: true });
  }, [chosen]);
  return (
    <aside
      ref={panel}
      tabIndex={-1}
      aria-label={text.detailLabel}
      className="sticky top-4 flex max-h-[calc(100dvh-2rem)] flex-col gap-2 overflow-y-auto rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand"
    >
      {reservation ? (
        <>
          <Button variant="ghost" size="sm" className="self-end" onClick={onClose}>
            <X aria-hidden="true" />
            {text.closeDetail}
          </Button>
          <DetailCard reservation={reservation} timer={timer} />
        </>
      ) : (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{text.detailEmpty}</p>
      )}
    </aside>
  );
}
