import { Suspense, useState } from 'react';
import { History, NotebookPen, Tag, TriangleAlert } from 'lucide-react';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { guestHistoryLabel } from '@shared/rules/guests';
import type { ReservationStatus } from '@shared/schemas/reservation';
import type { GuestSummary } from '@shared/schemas/staff-reservation';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

// The guest's history and permanent note on a reservation card, and the button to the guest dialog; this file is
// the feature's public entry.

const text = staffMessages.guests;

/**
 * The dialog's inside is its own chunk, fetched on the first 'Ver cliente': its forms and the owner's export and
 * erasure stay out of the reservation cards' chunk, which Reservas loads as soon as a booking is opened.
 */
const GuestDialogBody = preloadableLazy(() => import('./guest-dialog').then((module) => ({ default: module.GuestDialogBody })));

interface GuestOfReservation {
  status: ReservationStatus;
  guest?: GuestSummary | null;
}

/**
 * Nothing for a reservation without a guest (no email and no usable phone). A cancelled card offers no button, as
 * everywhere else on the cards; the guest's other cards open the dialog.
 */
export function GuestHistory({ reservation, describedBy }: { reservation: GuestOfReservation; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  const { guest } = reservation;
  if (!guest) return null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge variant={guest.noShows > 0 ? 'warning' : 'secondary'}>
          <History aria-hidden="true" />
          <span className="sr-only">{text.historyLabel}: </span>
          <span>{guestHistoryLabel(guest)}</span>
        </Badge>
        {reservation.status !== 'cancelled' && (
          <Button variant="ghost" size="sm" aria-describedby={describedBy} onClick={() => setOpen(true)}>
            {text.open}
          </Button>
        )}
      </div>
      {guest.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={text.tagsLabel}>
          {guest.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="outline">
                <Tag aria-hidden="true" />
                {tag}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {guest.allergens.length > 0 && <GuestAllergens allergens={guest.allergens} />}
      {guest.note && <GuestNote note={guest.note} />}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          {open && (
            <Suspense fallback={<GuestDialogLoading />}>
              <GuestDialogBody guestId={guest.id} onErased={() => setOpen(false)} onClose={() => setOpen(false)} />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** While the dialog's chunk loads: the dialog is already named and described, as Radix requires, and says so. */
function GuestDialogLoading() {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>{text.description}</DialogDescription>
      </DialogHeader>
      <Spinner label={text.loading} className="justify-center" />
    </>
  );
}

/** Allergies and preferences must not be missed: shown on every card of the guest, above the reservation's own note. */
function GuestNote({ note }: { note: string }) {
  return (
    <div role="note" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <NotebookPen aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-medium">{text.cardNote}</p>
        <p className="whitespace-pre-line break-words">{note}</p>
      </div>
    </div>
  );
}

/** Health data, for the kitchen: on every card of the guest, shown only in the signed-in back office. */
function GuestAllergens({ allergens }: { allergens: GuestSummary['allergens'] }) {
  return (
    <div role="note" className="flex gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 break-words">
        <span className="font-medium">{text.cardAllergens}: </span>
        {allergens.map((code) => messages.allergens[code]).join(', ')}
      </p>
    </div>
  );
}
