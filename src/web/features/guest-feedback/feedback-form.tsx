import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { FEEDBACK_COMMENT_MAX } from '@shared/limits';
import { FEEDBACK_RATINGS, LOW_RATING_MAX, type FeedbackThanks, type FeedbackVisit } from '@shared/schemas/feedback';
import { formatLongDate } from '@shared/rules/templates';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { ApiRequestError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useAnswerFeedback, useFeedbackVisit } from './api/feedback';
import { useFeedbackTexts } from './use-feedback-texts';

/** /valorar/:token — '¿Qué tal tu visita?': 1 to 5 stars and a comment, sent once; then the thanks. */
export function FeedbackPanel({ token }: { token: string }) {
  const text = useFeedbackTexts();
  const visit = useFeedbackVisit(token);
  const answer = useAnswerFeedback(token);

  if (answer.isSuccess) return <Thanks thanks={answer.data} />;
  if (visit.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {text.loading}
      </div>
    );
  }
  if (visit.isError) {
    return (
      <div role="alert" className="space-y-3">
        <h1 className="text-2xl font-bold">{text.title}</h1>
        <p>{visit.error.message}</p>
      </div>
    );
  }
  return <FeedbackForm visit={visit.data} answer={answer} />;
}

function FeedbackForm({ visit, answer }: { visit: FeedbackVisit; answer: ReturnType<typeof useAnswerFeedback> }) {
  const text = useFeedbackTexts();
  const { format, language } = useGuestLanguage();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missingRating, setMissingRating] = useState(false);
  const commentId = useId();
  const hintId = useId();
  const errorId = useId();
  const tooLong = comment.trim().length > FEEDBACK_COMMENT_MAX;
  const failure = answer.error instanceof ApiRequestError ? answer.error : null;
  const ratingError = missingRating ? text.errors.rating : failure?.fields?.rating;
  const commentError = tooLong ? format(text.errors.commentTooLong, { max: FEEDBACK_COMMENT_MAX }) : failure?.fields?.comment;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return setMissingRating(true);
    if (tooLong) return;
    answer.mutate({ rating, ...(comment.trim() ? { comment: comment.trim() } : {}) });
  };

  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{text.title}</h1>
        <p>{format(text.intro, { restaurant: visit.restaurant, date: formatLongDate(visit.reservationDate, language) })}</p>
      </div>
      <fieldset className="space-y-2" aria-describedby={ratingError ? errorId : undefined}>
        <legend className="mb-2 font-medium">{text.ratingLegend}</legend>
        <div className="flex gap-1">
          {FEEDBACK_RATINGS.map((value) => (
            <label key={value} className="relative rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setMissingRating(false);
                }}
                className="absolute inset-0 cursor-pointer opacity-0"
                aria-label={text.ratingOptions[value - 1]}
              />
              <Star
                aria-hidden
                className={cn('size-10', rating !== null && value <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
              />
            </label>
          ))}
        </div>
        {rating !== null && <p className="text-sm text-muted-foreground">{text.ratingOptions[rating - 1]}</p>}
        {ratingError && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {ratingError}
          </p>
        )}
      </fieldset>
      <div className="space-y-2">
        <Label htmlFor={commentId}>
          {text.commentLabel} <span className="font-normal text-muted-foreground">{`(${format(text.commentHint, { max: FEEDBACK_COMMENT_MAX })})`}</span>
        </Label>
        <Textarea
          id={commentId}
          rows={5}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? hintId : undefined}
        />
        {commentError && (
          <p id={hintId} role="alert" className="text-sm text-destructive">
            {commentError}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="min-h-11 w-full sm:w-auto" disabled={answer.isPending}>
        {answer.isPending ? text.sending : text.send}
      </Button>
      {answer.isError && !failure?.fields && (
        <p role="alert" className="text-sm text-destructive">
          {answer.error.message}
        </p>
      )}
    </form>
  );
}

/** Every guest, whatever the rating, is offered the review page (Google's policy forbids asking only happy guests). */
function Thanks({ thanks }: { thanks: FeedbackThanks }) {
  const text = useFeedbackTexts();
  const { texts } = useGuestLanguage();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="space-y-4 outline-none">
      <h1 className="text-2xl font-bold">{text.thanksTitle}</h1>
      <p>{thanks.rating <= LOW_RATING_MAX ? text.thanksLow : text.thanksHigh}</p>
      {thanks.googleReviewUrl && (
        <div className="space-y-2">
          <p>{text.reviewIntro}</p>
          <a
            href={thanks.googleReviewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-medium text-brand-foreground hover:opacity-90"
          >
            {text.reviewLink}
            <span className="sr-only"> {texts.common.opensInNewTab}</span>
          </a>
        </div>
      )}
    </div>
  );
}
