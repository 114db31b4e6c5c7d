import type { MessagingStatistics } from '@shared/schemas/statistics';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { Figure, FiguresPanel, ShareFigure } from './figure';

const text = statisticsMessages.messaging;

/** Shown when a guest of the range chose WhatsApp or SMS: a restaurant without messaging sees nothing. */
export const showsMessaging = (messaging: MessagingStatistics) => messaging.asked > 0;

/** 'WhatsApp y SMS' (issue 46): what the guests answered, the places refilled, and whether confirming meant coming. */
export function MessagingPanel({ messaging }: { messaging: MessagingStatistics }) {
  return (
    <FiguresPanel title={text.title} columns="lg:grid-cols-3">
      <Figure label={text.asked} value={String(messaging.asked)} />
      <Figure label={text.confirmations} value={String(messaging.confirmations)} />
      <Figure label={text.cancellationsByReply} value={String(messaging.cancellationsByReply)} />
      <Figure label={text.refilled} value={String(messaging.refilled)} />
      <ShareFigure label={text.noShowsConfirmed} share={messaging.noShowsConfirmed} />
      <ShareFigure label={text.noShowsNotConfirmed} share={messaging.noShowsNotConfirmed} />
    </FiguresPanel>
  );
}
