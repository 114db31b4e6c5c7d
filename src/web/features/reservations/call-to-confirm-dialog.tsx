import { Phone } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { noShowRiskMessages } from '@shared/staff-messages/no-show-risk';
import { Button } from '@web/components/ui/button';
import { formatLongDate, formatTime } from '@web/lib/format';
import { useCallToConfirm } from './api/get-call-to-confirm';
import { ListDialog } from './list-dialog';

// 'Llamar para confirmar' (issue 47, decision 043): tomorrow's bookings at high risk of a no-show, for the afternoon
// shift to call. A chunk of its own, texts included: opened from the Reservas toolbar.

const text = noShowRiskMessages.callToConfirm;

export function CallToConfirmDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const answer = useCallToConfirm(open);
  const query = { ...answer, data: answer.data?.items };
  const description = answer.data ? formatMessage(text.description, { date: formatLongDate(answer.data.date) }) : text.title;
  return (
    <ListDialog open={open} onOpenChange={onOpenChange} text={{ ...text, description }} query={query}>
      {(items) => (
        <ul className="flex flex-col divide-y">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="break-words font-semibold">{item.customerName}</p>
                <p className="text-sm tabular-nums">
                  {formatMessage(text.party, { time: formatTime(item.reservationTime), people: item.numberOfPeople })}
                </p>
                <p className="text-xs text-muted-foreground">{item.reasons.map((reason) => noShowRiskMessages.reasons[reason]).join(' · ')}</p>
              </div>
              {item.phoneHref ? (
                <Button asChild variant="outline">
                  <a href={item.phoneHref} aria-label={formatMessage(text.call, { name: item.customerName, phone: item.customerPhone ?? '' })}>
                    <Phone aria-hidden="true" />
                    {item.customerPhone}
                  </a>
                </Button>
              ) : (
                <span className="text-sm text-muted-foreground">{text.noPhone}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListDialog>
  );
}
