import { useId, useState } from 'react';
import { CalendarCheck, Armchair, Trash2 } from 'lucide-react';
import { formatCount, formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { waitlistMessages } from '@shared/staff-messages/waitlist';
import { adminSlots } from '@shared/rules/slots';
import type { WaitlistEntryView } from '@shared/schemas/waitlist';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatTime } from '@web/lib/format';
import { toast } from '@web/lib/lazy-toaster';
import { useBookWaitlistEntry } from './api/book-waitlist-entry';
import { useRemoveWaitlistEntry } from './api/remove-waitlist-entry';
import { useSeatWaitlistEntry } from './api/seat-waitlist-entry';

const text = waitlistMessages;
const walkIn = staffMessages.admin.walkIn;
const SLOTS = adminSlots();

/** The half-hour times a party waiting for a range would take, both ends included. */
function rangeSlots(entry: WaitlistEntryView): string[] {
  const from = formatTime(entry.timeFrom);
  const to = entry.timeTo ? formatTime(entry.timeTo) : from;
  const slots = SLOTS.filter((slot) => slot >= from && slot <= to);
  return slots.length > 0 ? slots : [from];
}

/** The time 'Reservar' starts on: the one a place is held at for the party, else the first of its range. */
function firstChoice(entry: WaitlistEntryView, slots: string[]): string {
  const held = entry.offers.find((offer) => offer.status === 'open');
  const heldTime = held && formatTime(held.reservationTime);
  return heldTime && slots.includes(heldTime) ? heldTime : slots[0]!;
}

interface WaitlistEntryActionsProps {
  entry: WaitlistEntryView;
  today: string;
  /** The id of the party's name: each control says whose it is. */
  describedBy: string;
}

/** 'Reservar' (at a time of the party's range), 'Sentar' (today's parties) and 'Quitar' (after a confirmation). */
export function WaitlistEntryActions({ entry, today, describedBy }: WaitlistEntryActionsProps) {
  const slots = rangeSlots(entry);
  const [time, setTime] = useState(() => firstChoice(entry, slots));
  const [noTable, setNoTable] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const book = useBookWaitlistEntry();
  const seat = useSeatWaitlistEntry();
  const remove = useRemoveWaitlistEntry();
  const timeId = useId();
  const noTableId = useId();
  const busy = book.isPending || seat.isPending || remove.isPending;
  const failed = (error: unknown) => toast.error(errorMessage(error), { description: entry.customerName });

  // The promise, not mutate's callbacks: the answer turns the entry into 'Reservado', 'Sentado' or 'Quitado', whose
  // card has no buttons, so these controls are gone by the time it arrives and mutate would drop the callbacks.
  const bookEntry = () =>
    book
      .mutateAsync({ id: entry.id, time: slots.length > 1 ? time : undefined })
      .then(({ pacingWarning, tableWarning }) => {
        const warning = [pacingWarning, tableWarning].filter(Boolean).join(' ');
        if (warning) toast.warning(text.booked, { description: `${entry.customerName}: ${warning}` });
        else toast.success(text.booked, { description: entry.customerName });
      }, failed);
  const seatEntry = (withoutTable: boolean) =>
    seat.mutateAsync({ id: entry.id, withoutTable }).then(
      ({ tableNames }) => {
        setNoTable(false);
        toast.success(text.seated, {
          description: tableNames.length ? formatMessage(walkIn.seatedAt, { tables: tableNames.join(', ') }) : walkIn.seatedWithoutTable,
        });
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.code === 'no_table') setNoTable(true);
        else failed(error);
      },
    );
  const removeEntry = () =>
    remove.mutateAsync(entry.id).then(() => {
      setConfirming(false);
      toast.success(text.removed, { description: entry.customerName });
    }, failed);

  return (
    <>
      {slots.length > 1 && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={timeId}>{staffMessages.admin.manualReservation.time}</Label>
          <select
            id={timeId}
            aria-describedby={describedBy}
            className={cn(fieldClassName, 'h-11 w-28')}
            value={time}
            onChange={(event) => setTime(event.target.value)}
          >
            {slots.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button aria-describedby={describedBy} disabled={busy} onClick={() => void bookEntry()}>
        <CalendarCheck aria-hidden="true" />
        {text.book}
      </Button>
      {entry.reservationDate === today && (
        <Button variant="outline" aria-describedby={describedBy} disabled={busy} onClick={() => void seatEntry(false)}>
          <Armchair aria-hidden="true" />
          {text.seat}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.removeTitle}
        description={formatMessage(text.removeDescription, { name: entry.customerName })}
        confirmLabel={text.remove}
        destructive
        isPending={remove.isPending}
        onConfirm={() => void removeEntry()}
        trigger={
          <Button variant="ghost" className="text-destructive" aria-describedby={describedBy} disabled={busy}>
            <Trash2 aria-hidden="true" />
            {text.remove}
          </Button>
        }
      />
      {noTable && (
        <div role="alert" className="flex basis-full flex-wrap items-center gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          <p id={noTableId} className="min-w-0 flex-1">{formatCount(entry.numberOfPeople, walkIn.noTableOne, walkIn.noTable)}</p>
          <Button variant="outline" aria-describedby={`${noTableId} ${describedBy}`} disabled={busy} onClick={() => void seatEntry(true)}>
            {walkIn.seatWithoutTable}
          </Button>
        </div>
      )}
    </>
  );
}
