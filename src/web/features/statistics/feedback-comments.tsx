import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { FEEDBACK_COMMENTS_PAGE_SIZE, type FeedbackComment } from '@shared/schemas/feedback-statistics';
import type { StatisticsQuery } from '@shared/schemas/statistics';
import { feedbackStatisticsTexts as text } from '@shared/staff-messages/feedback-statistics';
import { QueryState } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatShortDate } from '@web/lib/format';
import { useFeedbackCommentsPage } from './api/get-feedback-statistics';
import { GuestOpener } from './guest-opener';

/** The range's comments to read, newest answer first, ten at a time ('Ver más' adds the next ten). */
export function FeedbackComments({ range }: { range: StatisticsQuery }) {
  const headingId = useId();
  const [pages, setPages] = useState(1);
  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 p-4">
      <h3 id={headingId} className="font-semibold">
        {text.comments}
      </h3>
      <ul className="flex max-h-[32rem] flex-col gap-3 overflow-auto">
        {Array.from({ length: pages }, (_, index) => (
          <CommentsPage key={index} range={range} page={index} last={index === pages - 1} onMore={() => setPages(pages + 1)} />
        ))}
      </ul>
    </Card>
  );
}

function CommentsPage({ range, page, last, onMore }: { range: StatisticsQuery; page: number; last: boolean; onMore: () => void }) {
  const comments = useFeedbackCommentsPage(range, page * FEEDBACK_COMMENTS_PAGE_SIZE);
  if (!comments.data) {
    return (
      <li>
        <QueryState query={comments} />
      </li>
    );
  }
  const { comments: items, hasMore } = comments.data;
  return (
    <>
      {page === 0 && items.length === 0 && <li className="text-sm text-muted-foreground">{text.noComments}</li>}
      {items.map((item) => (
        <CommentItem key={item.id} item={item} />
      ))}
      {last && hasMore && (
        <li>
          <Button variant="outline" onClick={onMore}>
            {text.more}
          </Button>
        </li>
      )}
    </>
  );
}

function CommentItem({ item }: { item: FeedbackComment }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <GuestOpener guestId={item.guestId} name={item.guestName} label={text.openGuest} />
        <span className="flex items-center gap-1 font-semibold tabular-nums">
          <Star aria-hidden="true" className="size-4 fill-current text-amber-600" />
          <span className="sr-only">{text.rating}: </span>
          {formatMessage(text.outOfFive, { value: item.rating })}
        </span>
      </div>
      <p className="whitespace-pre-line break-words">{item.comment}</p>
      <p className="text-muted-foreground">{formatMessage(text.visit, { date: formatShortDate(item.reservationDate), time: item.reservationTime })}</p>
    </li>
  );
}
