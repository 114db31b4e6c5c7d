import { useId } from 'react';
import { formatMessage } from '@shared/messages';
import { guestOutcome } from '@shared/rules/guests';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { feedbackStatisticsTexts } from '@shared/staff-messages/feedback-statistics';
import { formatDateTime } from '@web/lib/format';
import { useReservationFeedback } from './api/get-reservation-feedback';

const text = feedbackStatisticsTexts.booking;

// 'Valoración del cliente' in a booking's detail (issue 47, decision 046): loaded in a chunk of its own with the
// detail, shown once the guest has answered. Sala reads the stars; the comment is the encargado's and the owner's.

export function FeedbackSection({ reservation }: { reservation: AdminReservation }) {
  const headingId = useId();
  const feedback = useReservationFeedback(reservation.id, guestOutcome(reservation) === 'visit');
  const answer = feedback.data?.feedback;
  if (!answer) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          {/* A character, not an icon: this chunk stays off the icons' shared chunk. */}
          <span aria-hidden="true" className="text-amber-600">
            ★
          </span>
          {text.heading}
        </h3>
        <p className="text-base font-semibold tabular-nums">{formatMessage(text.rating, { rating: answer.rating })}</p>
      </div>
      {answer.comment ? (
        <blockquote className="whitespace-pre-line break-words border-l-2 pl-3 text-sm">{answer.comment}</blockquote>
      ) : (
        <p className="text-sm text-muted-foreground">{answer.commentHidden ? text.commentHidden : text.noComment}</p>
      )}
      <p className="text-sm text-muted-foreground">{formatMessage(text.answeredOn, { date: formatDateTime(answer.answeredAt) })}</p>
    </section>
  );
}
