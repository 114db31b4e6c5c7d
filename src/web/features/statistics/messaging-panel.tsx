import { useId } from 'react';
import type { MessagingStatistics } from '@shared/schemas/statistics';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { Card } from '@web/components/ui/card';
import { Figure, ShareFigure } from './figure';

const text = statisticsMessages.messaging;

/** Shown when a guest of the range chose WhatsApp or SMS: a restaurant without messaging sees nothing. */
export const showsMessaging = (messaging: MessagingStatistics) => messaging.asked > 0;

/** 'WhatsApp y SMS' (issue 46): what the guests answered, the places refilled, and whether confirming meant coming. */
export function MessagingPanel({ messaging }: { messaging: MessagingStatistics }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 p-4">
      <h3 id={headingId} className="font-semibold">
        {text.title}
      </h3>
      <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3">
        <Figure label={text.asked} value={String(messaging.asked)} />
        <Figure label={text.confirmations} value={String(messaging.confirmations)} />
        <Figure label={text.cancellationsByReply} value={String(messaging.cancellationsByReply)} />
        <Figure label={text.refilled} value={String(messaging.refilled)} />
        <ShareFigure label={text.noShowsConfirmed} share={messaging.noShowsConfirmed} />
        <ShareFigure label={text.noShowsNotConfirmed} share={messaging.noShowsNotConfirmed} />
      </dl>
    </Card>
  );
}
