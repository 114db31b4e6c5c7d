import { Suspense, useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { staffMessages } from '@shared/staff-messages';
import type { ServiceTimer } from '@shared/rules/seating';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { useMediaQuery } from '@web/lib/use-media-query';

// The card, its forms and the phone's dialog load when the pointer or the focus first reaches the list, or with the
// first booking opened: the list's first screen needs none.
const DetailCard = preloadableLazy(() => import('./detail-card').then((module) => ({ default: module.DetailCard })));
const PhoneDetail = preloadableLazy(() => import('./detail-card').then((module) => ({ default: module.PhoneDetail })));

/** Starts loading the booking detail's chunk (idempotent; a failure shows when a booking is opened). */
export function preloadBookingDetail(): void {
  void Promise.all([DetailCard.preload(), PhoneDetail.preload()]).catch(() => undefined);
}

const text = staffMessages.admin.service;

/** Wide enough for the list and the detail side by side (Tailwind's lg: a 1024 px tablet and up). */
const SIDE_BY_SIDE = '(min-width: 1024px)';

interface ReservationDetailProps {
  reservation: AdminReservation | null;
  timer: ServiceTimer | null;
  onClose: () => void;
}

/**
 * The chosen booking beside the list on a tablet or a laptop (the list stays usable), or over it, full screen, on a
 * phone; nothing until one is chosen, so the list has the width. Beside the list, focus moves to the panel when a
 * booking is chosen, so a keyboard user lands on its actions.
 */
export function ReservationDetail({ reservation, timer, onClose }: ReservationDetailProps) {
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  if (!reservation) return null;
  if (!sideBySide) {
    return (
      <Suspense fallback={null}>
        <PhoneDetail reservation={reservation} timer={timer} onClose={onClose} />
      </Suspense>
    );
  }
  return <DetailPanel reservation={reservation} timer={timer} onClose={onClose} />;
}

function DetailPanel({ reservation, timer, onClose }: ReservationDetailProps & { reservation: AdminReservation }) {
  const panel = useRef<HTMLElement>(null);
  const chosen = reservation.id;
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
      <Button variant="ghost" size="sm" className="self-end" onClick={onClose}>
        <X aria-hidden="true" />
        {text.closeDetail}
      </Button>
      <Suspense fallback={<Spinner className="justify-center py-6 text-muted-foreground" />}>
        <DetailCard reservation={reservation} timer={timer} />
      </Suspense>
    </aside>
  );
}
