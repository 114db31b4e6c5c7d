import { useId } from 'react';
import { formatMessage } from '@shared/messages';
import type { GuestMessagesView, GuestMessageView } from '@shared/schemas/messaging';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { staffMessages } from '@shared/staff-messages';
import { guestMessageTexts as text } from '@shared/staff-messages/guest-messages';
import { Badge } from '@web/components/ui/badge';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format';
import { useGuestMessages } from './api/get-guest-messages';
import { ReplyBox } from './reply-box';

// A booking's 'Mensajes' (issue 46, items 4-5), in its detail: loaded with the detail, in a chunk of its own.

/** What became of a message: its status, and for one that failed for good, whether it went by email instead. */
function statusOf(message: GuestMessageView): string {
  const status = text.status[message.status];
  if (message.fellBackToEmail === null) return status;
  return `${status}: ${message.fellBackToEmail ? text.fellBackToEmail : text.notSent}`;
}

function MessageItem({ message }: { message: GuestMessageView }) {
  const incoming = message.direction === 'in';
  return (
    <li className={cn('flex flex-col gap-1 rounded-md border p-3 text-sm', incoming ? 'mr-6 bg-muted' : 'ml-6')}>
      <p className="flex flex-wrap items-center justify-between gap-x-2 text-xs text-muted-foreground">
        <span>{formatMessage(text.meta, { direction: text.direction[message.direction], channel: text.channel[message.channel], kind: text.kind[message.kind] })}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </p>
      <p className="whitespace-pre-line break-words">{message.body}</p>
      <p className="flex flex-wrap gap-1.5">
        <Badge variant={message.status === 'failed' ? 'danger' : 'outline'}>
          <span className="sr-only">{text.statusLabel}: </span>
          {statusOf(message)}
        </Badge>
        {message.outcome && (
          <Badge variant="info">
            <span className="sr-only">{text.outcomeLabel}: </span>
            {text.outcome[message.outcome]}
          </Badge>
        )}
      </p>
    </li>
  );
}

/** The reply box when staff may write; when WhatsApp's window has closed, the chat in staff's own WhatsApp. */
function Reply({ reservation, view }: { reservation: AdminReservation; view: GuestMessagesView }) {
  if (view.canReply && view.channel) return <ReplyBox reservationId={reservation.id} channel={view.channel} openUntil={view.replyOpenUntil} />;
  if (view.channel !== 'whatsapp') return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="font-medium">{text.windowClosed}</p>
      {reservation.whatsappUrl && (
        <a
          className="inline-flex min-h-11 items-center self-start text-brand underline-offset-4 hover:underline"
          href={reservation.whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {staffMessages.admin.manualReservation.whatsappLink}
        </a>
      )}
    </div>
  );
}

/** Shown for a booking whose guest chose a channel, or that has any message. */
export function GuestMessagesSection({ reservation }: { reservation: AdminReservation }) {
  const headingId = useId();
  const query = useGuestMessages(reservation.id);
  const view = query.data;
  const hasChannel = Boolean(reservation.messagingChannel ?? view?.channel);
  if (!hasChannel && !view?.messages.length) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h3 id={headingId} className="text-base font-semibold">
        {text.heading}
      </h3>
      {view ? (
        <>
          {view.messages.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.empty}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {view.messages.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </ol>
          )}
          <Reply reservation={reservation} view={view} />
        </>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error, text.loadError)}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{text.loading}</p>
      )}
    </section>
  );
}
