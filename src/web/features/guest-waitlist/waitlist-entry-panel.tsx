import { useEffect, useRef, useState } from 'react';
import { madridNowTime } from '@shared/rules/madrid-time';
import type { GuestWaitlistView } from '@shared/schemas/waitlist';
import { Badge } from '@web/components/ui/badge';
import { useSelfServiceTexts } from '@web/features/self-service/use-self-service-texts';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useAcceptEntryOffer } from './api/accept-offer';
import { useWaitlistEntry } from './api/get-waitlist-entry';
import { GuestQueryState } from './guest-query-state';
import { LeaveDialog } from './leave-dialog';
import { OfferAcceptance } from './offer-acceptance';
import { PartyDetails } from './party-details';
import { WAITLIST_STATUS_VARIANT } from '@web/components/waitlist-status-variant';

/** /lista-espera/<token>: the guest's place on the waitlist, and the way off it while it still waits. */
export function WaitlistEntryPanel({ token }: { token: string }) {
  const text = useGuestLanguage().texts.waitlist;
  const query = useWaitlistEntry(token);
  if (!query.data) return <GuestQueryState title={text.entryTitle} query={query} />;
  return <EntryDetails token={token} entry={query.data} />;
}

function EntryDetails({ token, entry }: { token: string; entry: GuestWaitlistView }) {
  const { texts, format } = useGuestLanguage();
  const text = texts.waitlist;
  const selfService = useSelfServiceTexts();
  const accept = useAcceptEntryOffer(token);
  const [left, setLeft] = useState(false);
  const leftRef = useRef<HTMLParagraphElement>(null);
  const waiting = entry.status === 'waiting' || entry.status === 'offered';
  // The button the guest pressed has gone with the dialog: focus goes to what happened instead.
  useEffect(() => {
    if (left && !waiting) leftRef.current?.focus();
  }, [left, waiting]);

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground">{entry.restaurantName}</p>
        <h1 className="text-2xl font-bold">{text.entryTitle}</h1>
      </div>
      <PartyDetails
        label={text.entryTitle}
        customerName={entry.customerName}
        reservationDate={entry.reservationDate}
        reservationTime={entry.reservationTime}
        numberOfPeople={entry.numberOfPeople}
        footer={
          <>
            {/* The offer held now, accepted from here as from its own link. */}
            {(entry.openOffer || accept.data) && (
              <OfferAcceptance
                intro={format(text.offerOpen, {
                  reservationTime: entry.openOffer?.reservationTime ?? '',
                  time: entry.openOffer ? madridNowTime(new Date(entry.openOffer.holdUntil)) : '',
                })}
                guarantee={entry.openOffer?.guarantee ?? null}
                people={entry.numberOfPeople}
                accept={accept}
              />
            )}
            {waiting && <LeaveDialog token={token} onLeft={() => setLeft(true)} />}
            <p ref={leftRef} tabIndex={-1} role="status" className="text-sm font-medium outline-none empty:hidden">
              {left && !waiting ? text.left : ''}
            </p>
          </>
        }
      >
        <dt className="text-muted-foreground">{selfService.status}</dt>
        <dd>
          <Badge variant={WAITLIST_STATUS_VARIANT[entry.status]} data-testid="waitlist-status" className="whitespace-normal">
            {entry.openOffer ? text.offerOpenStatus : text.statuses[entry.status]}
          </Badge>
        </dd>
      </PartyDetails>
    </div>
  );
}
