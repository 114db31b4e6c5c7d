import type { ReactNode } from 'react';
import { formatLongDate } from '@shared/rules/templates';
import { useSelfServiceTexts } from '@web/features/self-service/use-self-service-texts';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

interface PartyDetailsProps {
  label: string;
  /** Left out where the page shows no one's name (the card guarantee's return). */
  customerName?: string;
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
  /** More rows (a <dt> and its <dd>) after the party's own. */
  children?: ReactNode;
  /** What follows the list inside the card: the page's action. */
  footer?: ReactNode;
}

/** The card the waitlist pages and the card guarantee's return open with: who, which day, what time, how many. */
export function PartyDetails({ label, customerName, reservationDate, reservationTime, numberOfPeople, children, footer }: PartyDetailsProps) {
  const { texts, language } = useGuestLanguage();
  const selfService = useSelfServiceTexts();
  return (
    <section aria-label={label} className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        {customerName !== undefined && (
          <>
            <dt className="text-muted-foreground">{texts.waitlist.name}</dt>
            <dd className="break-words">{customerName}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{selfService.date}</dt>
        <dd className="first-letter:uppercase">{formatLongDate(reservationDate, language)}</dd>
        <dt className="text-muted-foreground">{selfService.time}</dt>
        <dd>{reservationTime}</dd>
        <dt className="text-muted-foreground">{selfService.people}</dt>
        <dd>{numberOfPeople}</dd>
        {children}
      </dl>
      {footer}
    </section>
  );
}
