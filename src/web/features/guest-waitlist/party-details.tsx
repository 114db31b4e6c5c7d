import type { ReactNode } from 'react';
import { messages } from '@shared/messages';
import { selfServiceMessages } from '@shared/guest-messages/self-service';
import { formatLongDate } from '@shared/rules/templates';

interface PartyDetailsProps {
  label: string;
  customerName: string;
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
  /** More rows (a <dt> and its <dd>) after the party's own. */
  children?: ReactNode;
  /** What follows the list inside the card: the page's action. */
  footer?: ReactNode;
}

/** The card both waitlist pages open with: who, which day, what time, how many. */
export function PartyDetails({ label, customerName, reservationDate, reservationTime, numberOfPeople, children, footer }: PartyDetailsProps) {
  return (
    <section aria-label={label} className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <dt className="text-muted-foreground">{messages.waitlist.name}</dt>
        <dd className="break-words">{customerName}</dd>
        <dt className="text-muted-foreground">{selfServiceMessages.date}</dt>
        <dd className="first-letter:uppercase">{formatLongDate(reservationDate)}</dd>
        <dt className="text-muted-foreground">{selfServiceMessages.time}</dt>
        <dd>{reservationTime}</dd>
        <dt className="text-muted-foreground">{selfServiceMessages.people}</dt>
        <dd>{numberOfPeople}</dd>
        {children}
      </dl>
      {footer}
    </section>
  );
}
