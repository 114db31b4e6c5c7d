import { useEffect, useRef } from 'react';
import type { CreatedReservation } from '@shared/schemas/reservation';
import { Button } from '@web/components/ui/button';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { longDate } from './calendar-dates';

export interface BookedSummary extends CreatedReservation {
  date: string;
  time: string;
  people: number;
}

/**
 * What the guest just booked, kept on screen above the emptied form until closed (issue 25): the request's day,
 * time, party and state, what happens next, the calendar file and the guest's own page. Inside the embedded
 * widget the links open outside the frame.
 */
export function BookingSummary({ booked, onClose }: { booked: BookedSummary; onClose(): void }) {
  const { texts, language, format } = useGuestTexts();
  const text = texts.reservation.summary;
  const form = texts.reservation.form;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [booked]);
  const confirmed = booked.status === 'confirmed';
  const outside = typeof window !== 'undefined' && window.self !== window.top ? { target: '_blank', rel: 'noopener' } : {};
  const rows: Array<[string, string]> = [
    [form.date, longDate(booked.date, language)],
    [form.time, booked.time],
    [text.people, booked.people === 1 ? form.peopleOne : format(form.peopleMany, { count: booked.people })],
    [text.status, confirmed ? text.confirmed : text.pending],
  ];

  return (
    <section aria-labelledby="booking-summary-title" className="space-y-3 rounded-md border border-green-700/30 bg-green-50 p-4 text-green-950 sm:col-span-2">
      <h3 id="booking-summary-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {confirmed ? text.confirmedTitle : texts.reservation.success.title}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="first-letter:uppercase">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">{confirmed ? text.nextConfirmed : text.nextPending}</p>
      {booked.managePath && <p className="text-sm">{text.manageHint}</p>}
      <div className="flex flex-wrap gap-2">
        {booked.calendarPath && (
          <Button asChild variant="outline">
            <a href={booked.calendarPath} download={text.calendarFileName}>
              {text.addToCalendar}
            </a>
          </Button>
        )}
        {booked.managePath && (
          <Button asChild variant="outline">
            <a href={booked.managePath} {...outside}>
              {text.manage}
              {'target' in outside && <span className="sr-only"> {texts.common.opensInNewTab}</span>}
            </a>
          </Button>
        )}
        <Button variant="ghost" onClick={onClose} className="underline">
          {text.close}
        </Button>
      </div>
    </section>
  );
}
