import type { CreatedReservation } from '@shared/schemas/reservation';
import { Button } from '@web/components/ui/button';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { type PartySummary, SummaryCard } from './summary-card';

export interface BookedSummary extends CreatedReservation, PartySummary {}

/**
 * What the guest just booked (issue 25): the request's day, time, party and state, what happens next, the calendar
 * file and the guest's own page.
 */
export function BookingSummary({ booked, onClose }: { booked: BookedSummary; onClose(): void }) {
  const { texts } = useGuestTexts();
  const text = texts.reservation.summary;
  const confirmed = booked.status === 'confirmed';
  return (
    <SummaryCard
      titleId="booking-summary-title"
      title={confirmed ? text.confirmedTitle : texts.reservation.success.title}
      party={booked}
      status={confirmed ? text.confirmed : text.pending}
      link={booked.managePath ? { href: booked.managePath, label: text.manage } : null}
      onClose={onClose}
      actions={
        booked.calendarPath && (
          <Button asChild variant="outline">
            <a href={booked.calendarPath} download={text.calendarFileName}>
              {text.addToCalendar}
            </a>
          </Button>
        )
      }
    >
      <p className="text-sm">{confirmed ? text.nextConfirmed : text.nextPending}</p>
      {booked.managePath && <p className="text-sm">{text.manageHint}</p>}
    </SummaryCard>
  );
}
