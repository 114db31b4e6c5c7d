import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { longDate } from './calendar-dates';

/** What the guest asked for: the day, the time and the party, as every summary card lists them first. */
export interface PartySummary {
  date: string;
  time: string;
  people: number;
}

interface SummaryCardProps {
  /** The heading's id, which names the card. */
  titleId: string;
  title: string;
  party: PartySummary;
  /** The last row: what the request now is ('Pendiente de confirmación', 'Lista de espera'). */
  status: string;
  /** What happens next. */
  children: ReactNode;
  /** Buttons before the private page's link (the calendar file). */
  actions?: ReactNode;
  /** The guest's private page: a link that leaves the embedded widget's frame. */
  link: { href: string; label: string } | null;
  onClose(): void;
}

/**
 * A request just made, kept on screen above the emptied form until closed (issues 25 and 50): a booking's or a
 * waitlist entry's. Focus moves to its heading, as the form the guest was in has been emptied.
 */
export function SummaryCard({ titleId, title, party, status, children, actions, link, onClose }: SummaryCardProps) {
  const { texts, language, format } = useGuestTexts();
  const text = texts.reservation.summary;
  const form = texts.reservation.form;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [party]);
  const outside = typeof window !== 'undefined' && window.self !== window.top ? { target: '_blank', rel: 'noopener' } : {};
  const rows: Array<[string, string]> = [
    [form.date, longDate(party.date, language)],
    [form.time, party.time],
    [text.people, party.people === 1 ? form.peopleOne : format(form.peopleMany, { count: party.people })],
    [text.status, status],
  ];

  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-md border border-green-700/30 bg-green-50 p-4 text-green-950 sm:col-span-2">
      <h3 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="first-letter:uppercase">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
      <div className="flex flex-wrap gap-2">
        {actions}
        {link && (
          <Button asChild variant="outline">
            <a href={link.href} {...outside}>
              {link.label}
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
