import { madridNowTime } from '@shared/rules/madrid-time';
import type { GuestOfferView } from '@shared/schemas/waitlist';
import type { ReactNode } from 'react';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useAcceptOffer } from './api/accept-offer';
import { useWaitlistOffer } from './api/get-waitlist-offer';
import { GuestQueryState } from './guest-query-state';
import { OfferAcceptance, Outcome } from './offer-acceptance';
import { PartyDetails } from './party-details';

/** The booking form on a date: the page gives it (it composes the booking feature). */
type BookTheDate = (date: string) => ReactNode;

/**
 * /oferta/<token>: a freed place held for the guest, and the button that books it while the hold lasts; once lapsed,
 * `bookTheDate` while the date has places.
 */
export function WaitlistOfferPanel({ token, bookTheDate }: { token: string; bookTheDate: BookTheDate }) {
  const text = useGuestLanguage().texts.waitlist;
  const query = useWaitlistOffer(token);
  if (!query.data) return <GuestQueryState title={text.offerTitle} query={query} />;
  return <OfferDetails token={token} offer={query.data} bookTheDate={bookTheDate} />;
}

function OfferDetails({ token, offer, bookTheDate }: { token: string; offer: GuestOfferView; bookTheDate: BookTheDate }) {
  const { texts, format } = useGuestLanguage();
  const text = texts.waitlist;
  const accept = useAcceptOffer(token);
  // The offer lapsed before this page was opened: its own heading, and the date's booking form while it has places.
  const expired = offer.status === 'expired' && !accept.data;

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground">{offer.restaurantName}</p>
        <h1 className="text-2xl font-bold">{expired ? text.expiredTitle : text.offerTitle}</h1>
      </div>
      <PartyDetails
        label={expired ? text.expiredTitle : text.offerTitle}
        customerName={offer.customerName}
        reservationDate={offer.reservationDate}
        reservationTime={offer.reservationTime}
        numberOfPeople={offer.numberOfPeople}
        footer={
          offer.status === 'open' || accept.data ? (
            <OfferAcceptance
              intro={format(text.offerIntro, { time: madridNowTime(new Date(offer.holdUntil)) })}
              guarantee={offer.guarantee}
              people={offer.numberOfPeople}
              accept={accept}
            />
          ) : offer.status === 'accepted' ? (
            <Outcome booking={offer.booking} />
          ) : (
            <Outcome message={offer.status === 'expired' ? text.errors.offerExpired : text.errors.offerWithdrawn} />
          )
        }
      />
      {expired && offer.placesOpen && (
        <div className="space-y-3">
          <p>{text.expiredBook}</p>
          {bookTheDate(offer.reservationDate)}
        </div>
      )}
    </div>
  );
}
