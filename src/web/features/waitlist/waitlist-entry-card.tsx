import { useId, type ReactNode } from 'react';
import { Clock, Hourglass, Users } from 'lucide-react';
import { formatMessage, messages } from '@shared/messages';
import { waitlistMessages } from '@shared/staff-messages/waitlist';
import { madridNowTime } from '@shared/rules/madrid-time';
import { SERVABLE_STATUSES, WAITING_STATUSES, type WaitlistEntryView, type WaitlistOfferView } from '@shared/schemas/waitlist';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { WAITLIST_STATUS_VARIANT } from '@web/components/waitlist-status-variant';
import { ContactDetails, IconDetail } from '@web/components/icon-detail';
import { formatTime } from '@web/lib/format';
import { minutesSince } from './use-minute-now';

const text = waitlistMessages;

export const isWaiting = (entry: WaitlistEntryView) => (WAITING_STATUSES as readonly string[]).includes(entry.status);
/** The party accepted an offer and is on the card's page: the server refuses staff's actions until it ends. */
const isAwaitingCard = (entry: WaitlistEntryView) => entry.offers.some((offer) => offer.awaitingCard);
/** Staff may still book, seat or remove it (an unanswered offer included). */
export const isServable = (entry: WaitlistEntryView) => (SERVABLE_STATUSES as readonly string[]).includes(entry.status) && !isAwaitingCard(entry);

/** '14:00', or '13:30 a 15:00' for a range. */
export function entryTimes(entry: WaitlistEntryView): string {
  const from = formatTime(entry.timeFrom);
  const to = entry.timeTo ? formatTime(entry.timeTo) : null;
  return to && to !== from ? formatMessage(text.range, { from, to }) : from;
}

/** An ISO instant as 'HH:mm' in Madrid. */
const clockTime = (iso: string) => madridNowTime(new Date(iso));

interface WaitlistEntryCardProps {
  entry: WaitlistEntryView;
  /** The browser's now (epoch ms), for the minutes waited. */
  now: number;
  /** The entry's buttons; receives the id of the party's name to describe them with. */
  actions?: (nameId: string) => ReactNode;
}

/** One party on the list: who, how many, when, how long they have waited, and what they were offered. */
export function WaitlistEntryCard({ entry, now, actions }: WaitlistEntryCardProps) {
  const nameId = useId();
  // How long a party still on the list has waited, beside the wait they were told at the door.
  const wait = [
    isWaiting(entry) && formatMessage(text.waited, { minutes: minutesSince(entry.createdAt, now) }),
    entry.quotedWaitMinutes !== null && formatMessage(text.quoted, { minutes: entry.quotedWaitMinutes }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card role="article" aria-labelledby={nameId} className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={nameId} className="min-w-0 break-words text-base font-semibold">
          {entry.customerName}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          {isAwaitingCard(entry) ? (
            <Badge variant={WAITLIST_STATUS_VARIANT.offered}>{text.awaitingCard}</Badge>
          ) : (
            <Badge variant={WAITLIST_STATUS_VARIANT[entry.status]}>{text.statuses[entry.status]}</Badge>
          )}
          <Badge variant="outline">{entry.source === 'guest' ? text.sourceGuest : text.sourceStaff}</Badge>
        </div>
      </div>
      <dl className="grid gap-1.5 text-sm sm:grid-cols-2">
        <IconDetail icon={<Users />} label={text.people}>
          {entry.numberOfPeople === 1
            ? messages.reservation.form.peopleOne
            : formatMessage(messages.reservation.form.peopleMany, { count: entry.numberOfPeople })}
        </IconDetail>
        <IconDetail icon={<Clock />} label={text.timeFrom}>
          {entryTimes(entry)}
        </IconDetail>
        <ContactDetails phone={entry.customerPhone} email={entry.customerEmail} />
      </dl>
      {wait && (
        <p className="flex items-center gap-2 text-sm font-medium tabular-nums">
          <Hourglass aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {wait}
        </p>
      )}
      {entry.offers.length > 0 && (
        <ul className="flex flex-col gap-1 rounded-md bg-muted px-3 py-2 text-sm">
          {entry.offers.map((offer) => (
            <li key={offer.id}>{offerLine(offer)}</li>
          ))}
        </ul>
      )}
      {entry.guestMessages.length > 0 && (
        <ul className="flex flex-col gap-2 text-sm">
          {entry.guestMessages.map((message, index) => (
            <li key={`${message.at}:${index}`} className="flex flex-col gap-0.5 rounded-md border px-3 py-2">
              <span className="text-xs text-muted-foreground">
                {formatMessage(text.guestMessage, { channel: text.channels[message.channel], at: clockTime(message.at) })}
              </span>
              <span className="whitespace-pre-line break-words">{message.body}</span>
            </li>
          ))}
        </ul>
      )}
      {isAwaitingCard(entry) && <p className="text-sm">{text.awaitingCardBusy}</p>}
      {actions && <div className="flex flex-wrap items-end gap-2">{actions(nameId)}</div>}
    </Card>
  );
}

/** 'Ofrecida 14:00 a las 13:12; guardada hasta las 13:27 · esperando respuesta'. */
function offerLine(offer: WaitlistOfferView): string {
  const offered = formatMessage(text.offered, {
    time: formatTime(offer.reservationTime),
    at: clockTime(offer.offeredAt),
    until: clockTime(offer.holdUntil),
  });
  return `${offered} · ${text.offerStatuses[offer.status]}`;
}
