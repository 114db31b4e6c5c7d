import { formatCount, formatMessage } from '@shared/messages';
import { securityMessages } from '@shared/staff-messages/security';
import type { PrivacyAction, PrivacyEvent } from '@shared/schemas/privacy';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime } from '@web/lib/format';
import { usePrivacyEvents } from './api/get-privacy-events';
import { EventListCard } from './event-list-card';

const text = securityMessages.privacy;

const ACTION_BADGES: Record<PrivacyAction, 'info' | 'danger' | 'secondary'> = {
  export: 'info',
  erasure: 'danger',
  retention: 'secondary',
};

/** 'Datos de clientes' (issue 24, decision 026): who exported or erased which guest's data, and when; live. */
export function PrivacyEvents() {
  return (
    <EventListCard title={text.title} description={text.description} empty={text.empty} query={usePrivacyEvents()}>
      {(event) => <PrivacyEventRow key={event.id} event={event} />}
    </EventListCard>
  );
}

function PrivacyEventRow({ event }: { event: PrivacyEvent }) {
  const counts = countsLine(event.counts);
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant={ACTION_BADGES[event.action]}>{text.actions[event.action]}</Badge>
        <time dateTime={event.at} className="text-muted-foreground">
          {formatDateTime(event.at)}
        </time>
      </p>
      <p className="break-all font-medium">{event.byGuest ? text.byGuest : (event.actorEmail ?? text.system)}</p>
      {event.ipAddress && <p className="break-all text-muted-foreground">{formatMessage(securityMessages.ip, { ip: event.ipAddress })}</p>}
      {event.guestId && <GuestId id={event.guestId} />}
      {counts && <p className="text-muted-foreground">{counts}</p>}
    </li>
  );
}

/** The first block of the id on screen, the whole of it on hover and for screen readers (to match it in a log). */
function GuestId({ id }: { id: string }) {
  const short = id.length > 8 ? `${id.slice(0, 8)}…` : id;
  return (
    <p className="text-muted-foreground" title={id}>
      <span aria-hidden="true">{formatMessage(text.guest, { id: short })}</span>
      <span className="sr-only">{formatMessage(text.guest, { id })}</span>
    </p>
  );
}

const COUNT_TEXTS: Record<string, { one: string; many: string } | undefined> = text.counts;

/** '2 reservas, 5 emails, 1 consentimiento': the kinds that had rows, in the server's order. */
function countsLine(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => {
      const words = COUNT_TEXTS[name];
      return words ? formatCount(count, words.one, words.many) : formatMessage(text.countOther, { name, count });
    })
    .join(', ');
}
