import type { ReactNode } from 'react';
import { IdCard, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { GuestReservation } from '@shared/schemas/guest';
import { Badge } from '@web/components/ui/badge';
import { DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { formatShortDate, formatTime } from '@web/lib/format';
import { parseNote } from '@shared/rules/notes';
import { mayUse } from '@shared/rules/permissions';
import { guestProfileMessages } from '@shared/staff-messages/guest-profile';
import { useStaffRole } from '@web/features/auth/session';
import { errorMessage } from '@web/lib/api';
import { useGuest } from './api/get-guest';
import { GuestDataActions } from './guest-data-actions';
import { GuestMerge } from './guest-merge';
import { GuestNoteForm } from './guest-note-form';
import { GuestTagsForm } from './guest-tags-form';

const text = staffMessages.guests;

/**
 * The inside of the guest dialog: contact, permanent note and every reservation, newest first; for the owner and the
 * encargado, the guest's data to export or erase (`onErased` closes the dialog: the guest is gone) and 'Ver ficha'
 * (`onClose` closes the dialog as the profile page opens).
 */
export function GuestDialogBody({ guestId, onErased, onClose }: { guestId: string; onErased: () => void; onClose?: () => void }) {
  const guest = useGuest(guestId);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>{text.description}</DialogDescription>
      </DialogHeader>
      {guest.isPending && <Spinner label={text.loading} className="justify-center" />}
      {guest.isError && (
        <p role="alert" className="text-sm text-destructive">
          {text.loadFailed} {errorMessage(guest.error)}
        </p>
      )}
      {guest.data && (
        <>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <ContactItem icon={<Phone />} label={staffMessages.admin.manualReservation.phone} value={guest.data.phone} />
            <ContactItem icon={<Mail />} label={messages.reservation.form.email} value={guest.data.email} />
          </ul>
          <ProfileLink guestId={guest.data.id} onOpen={onClose} />
          <GuestNoteForm key={guest.data.id} guest={guest.data} />
          <GuestTagsForm key={`tags-${guest.data.id}`} guest={guest.data} />
          <section aria-labelledby={`${guestId}-reservations`} className="flex flex-col gap-2">
            <h3 id={`${guestId}-reservations`} className="text-sm font-semibold">
              {text.reservations} ({guest.data.reservations.length})
            </h3>
            <ul className="flex flex-col gap-2">
              {guest.data.reservations.map((reservation) => (
                <GuestReservationItem key={reservation.id} reservation={reservation} />
              ))}
            </ul>
          </section>
          <GuestMerge guestId={guest.data.id} />
          <GuestDataActions guestId={guest.data.id} onErased={onErased} />
        </>
      )}
    </>
  );
}

/** 'Ver ficha': the guest's profile page in 'Clientes', for the roles that may read it (not the floor staff). */
function ProfileLink({ guestId, onOpen }: { guestId: string; onOpen?: (() => void) | undefined }) {
  const role = useStaffRole();
  if (role === null || !mayUse(role, 'GET', '/guests/:id/profile')) return null;
  return (
    <Link
      to={`/admin?tab=clientes&cliente=${encodeURIComponent(guestId)}`}
      onClick={onOpen}
      className="inline-flex min-h-11 w-fit items-center gap-2 rounded-md text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 [&_svg]:size-4"
    >
      <IdCard aria-hidden="true" />
      {guestProfileMessages.open}
    </Link>
  );
}

function ContactItem({ icon, label, value }: { icon: ReactNode; label: string; value: string | null }) {
  if (!value) return null;
  return (
    <li className="flex items-center gap-1.5 break-all [&_svg]:size-4 [&_svg]:text-muted-foreground">
      <span aria-hidden="true">{icon}</span>
      <span className="sr-only">{label}: </span>
      {value}
    </li>
  );
}

function GuestReservationItem({ reservation }: { reservation: GuestReservation }) {
  const note = parseNote(reservation.adminNotes);
  const people =
    reservation.numberOfPeople === 1
      ? messages.reservation.form.peopleOne
      : formatMessage(messages.reservation.form.peopleMany, { count: reservation.numberOfPeople });
  return (
    <li className="flex flex-col gap-1 rounded-md border px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {formatShortDate(reservation.reservationDate)} · {formatTime(reservation.reservationTime)} · {people}
        </span>
        <span className="flex flex-wrap gap-1.5">
          <Badge variant="outline">{messages.reservationStatus[reservation.status]}</Badge>
          {reservation.arrivalStatus !== 'pending' && <Badge variant="outline">{messages.arrivalStatus[reservation.arrivalStatus]}</Badge>}
        </span>
      </div>
      <p className="whitespace-pre-line break-words text-muted-foreground">
        {note ? `${note.fromClient ? staffMessages.admin.today.clientNote : staffMessages.admin.today.adminNote}: ${note.text}` : text.noNotes}
      </p>
    </li>
  );
}
