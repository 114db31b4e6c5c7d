import type { ReactNode } from 'react';
import { formatMessage, messages as guestTexts } from '@shared/messages';
import { formatEuros } from '@shared/rules/money';
import type { GuestProfileBooking, GuestProfileFeedback, GuestProfileMessage } from '@shared/schemas/guest-profile-page';
import { guestMessageTexts } from '@shared/staff-messages/guest-messages';
import { guestProfileMessages as text } from '@shared/staff-messages/guest-profile';
import { HeadedSection } from '@web/components/headed-section';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime, formatShortDate, formatTime } from '@web/lib/format';

/** A titled part of the profile page, its count beside the title. */
export function ProfileSection({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <HeadedSection
      title={
        <>
          {title}
          {count !== undefined && <span className="tabular-nums"> ({count})</span>}
        </>
      }
      level={4}
      headingClassName="text-lg font-semibold"
      className="flex flex-col gap-2 border-t pt-4"
    >
      {children}
    </HeadedSection>
  );
}

interface ProfileListProps<T> {
  title: string;
  count: number;
  /** The line shown when there are no items. */
  empty: string;
  items: T[];
  /** An item's <li>, with its key. */
  children: (item: T) => ReactNode;
}

/** A profile section that lists items, or says there are none. */
function ProfileList<T>({ title, count, empty, items, children }: ProfileListProps<T>) {
  return (
    <ProfileSection title={title} count={count}>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-label={title} className="flex flex-col gap-2">
          {items.map((item) => children(item))}
        </ul>
      )}
    </ProfileSection>
  );
}

const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

function Rating({ rating }: { rating: number }) {
  const label = formatMessage(text.feedback.rating, { rating });
  return (
    <span className="whitespace-nowrap" title={label}>
      <span aria-hidden="true" className="text-amber-600">
        {stars(rating)}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Every booking, newest first: when, how many, what became of it, the bill and the guest's rating. */
export function BookingsSection({ bookings }: { bookings: GuestProfileBooking[] }) {
  const t = text.bookings;
  return (
    <ProfileList title={t.title} count={bookings.length} empty={t.empty} items={bookings}>
      {(booking) => (
        <li key={booking.id} className="flex flex-col gap-1.5 rounded-md border px-3 py-2 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium tabular-nums">
              {formatShortDate(booking.reservationDate)} · {formatTime(booking.reservationTime)} ·{' '}
              {booking.numberOfPeople === 1
                ? guestTexts.reservation.form.peopleOne
                : formatMessage(guestTexts.reservation.form.peopleMany, { count: booking.numberOfPeople })}
            </span>
            <span className="flex flex-wrap gap-1.5">
              <Badge variant="outline">{guestTexts.reservationStatus[booking.status]}</Badge>
              {booking.arrivalStatus !== 'pending' && <Badge variant="outline">{guestTexts.arrivalStatus[booking.arrivalStatus]}</Badge>}
            </span>
          </div>
          {(booking.billCents !== null || booking.rating !== null) && (
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
              {booking.billCents !== null && (
                <div className="flex gap-1">
                  <dt>{t.bill}:</dt>
                  <dd className="tabular-nums text-foreground">{formatEuros(booking.billCents)}</dd>
                </div>
              )}
              {booking.rating !== null && (
                <div className="flex gap-1">
                  <dt>{t.rating}:</dt>
                  <dd>
                    <Rating rating={booking.rating} />
                  </dd>
                </div>
              )}
            </dl>
          )}
        </li>
      )}
    </ProfileList>
  );
}

/** The guest's ratings with their comments, and the requests not (or no longer) answerable. */
export function FeedbackSection({ feedback }: { feedback: GuestProfileFeedback[] }) {
  const t = text.feedback;
  return (
    <ProfileList title={t.title} count={feedback.filter((request) => request.answeredAt !== null).length} empty={t.empty} items={feedback}>
      {(request) => (
        <li key={request.reservationId} className="flex flex-col gap-1 rounded-md border px-3 py-2 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">
              {request.reservationDate ? formatMessage(t.forVisit, { date: formatShortDate(request.reservationDate) }) : t.title}
            </span>
            {request.rating !== null ? (
              <Rating rating={request.rating} />
            ) : (
              <Badge variant="outline">{request.expired ? t.expired : t.unanswered}</Badge>
            )}
          </div>
          {request.comment && <p className="whitespace-pre-line break-words">{request.comment}</p>}
          <p className="text-xs text-muted-foreground">
            {request.answeredAt
              ? formatMessage(t.answeredAt, { when: formatDateTime(request.answeredAt) })
              : formatMessage(t.requestedAt, { when: formatDateTime(request.requestedAt), channel: t.channels[request.channel] })}
          </p>
        </li>
      )}
    </ProfileList>
  );
}

/** Every WhatsApp and SMS message to or from the guest, newest first. */
export function MessagesSection({ messages }: { messages: GuestProfileMessage[] }) {
  const m = guestMessageTexts;
  return (
    <ProfileList title={text.messages.title} count={messages.length} empty={text.messages.empty} items={messages}>
      {(message) => (
        <li key={message.id} className={`flex flex-col gap-1 rounded-md border px-3 py-2 text-sm ${message.direction === 'in' ? 'bg-muted/50' : ''}`}>
          <p className="text-xs text-muted-foreground">
            {formatMessage(m.meta, { direction: m.direction[message.direction], channel: m.channel[message.channel], kind: m.kind[message.kind] })} ·{' '}
            {formatDateTime(message.createdAt)}
          </p>
          <p className="whitespace-pre-line break-words">{message.body}</p>
          <p className="flex flex-wrap gap-1.5 text-xs">
            <Badge variant="outline">
              {m.statusLabel}: {message.fellBackToEmail ? m.fellBackToEmail : m.status[message.status]}
            </Badge>
            {message.outcome && (
              <Badge variant="outline">
                {m.outcomeLabel}: {m.outcome[message.outcome]}
              </Badge>
            )}
          </p>
        </li>
      )}
    </ProfileList>
  );
}
