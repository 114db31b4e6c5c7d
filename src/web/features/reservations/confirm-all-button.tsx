import { Suspense, useState } from 'react';
import { CONFIRM_ALL_MAX } from '@shared/limits';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { Button } from '@web/components/ui/button';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

// Loaded when 'Confirmar todas' is first pressed: the service view's first screen carries only the button.
const ConfirmAllDialog = preloadableLazy(() => import('./confirm-all-dialog').then((module) => ({ default: module.ConfirmAllDialog })));

const text = staffMessages.admin.confirmAll;

/**
 * 'Confirmar todas (N)' beside the rows' own buttons (issue 52, decision 064), from two requests on. A guest's change
 * request is not counted: it cancels the booking it replaces, which the batch's 'Deshacer' could not put back.
 */
export function ConfirmAllButton({ reservations }: { reservations: readonly AdminReservation[] }) {
  const [open, setOpen] = useState(false);
  const pending = reservations.filter((reservation) => reservation.status === 'pending');
  const requests = pending.filter((reservation) => !reservation.changeRequest).slice(0, CONFIRM_ALL_MAX);
  // The dialog stays while open even if the lists refresh under it (another session confirmed some).
  if (requests.length < 2 && !open) return null;
  return (
    <>
      {requests.length >= 2 && (
        <Button size="sm" onClick={() => setOpen(true)} onPointerEnter={() => void ConfirmAllDialog.preload()}>
          {formatMessage(text.button, { count: requests.length })}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ConfirmAllDialog requests={requests} changeRequests={pending.length - requests.length} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
