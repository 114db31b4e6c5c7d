import { madridNowTime } from '@shared/rules/madrid-time';
import type { GuestOfferView } from '@shared/schemas/waitlist';
import { BookingSection } from '@web/features/booking/booking-section';
import { usePublicSettings } from '@web/features/settings/api/get-public-settings';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useAcceptOffer } from './api/accept-offer';
import { useWaitlistOffer } from './api/get-waitlist-offer';
import { GuestQueryState } from './guest-query-state';
import { OfferAcceptance, Outcome } from './offer-acceptance';
import { PartyDetails } from './party-details';

/** /oferta/<token>: a freed place held for the guest, and the button that books it while the hold lasts. */
export function WaitlistOfferPanel({ token }: { token: string }) {
  const text = useGuestLanguage().texts.waitlist;
  const query = useWaitlistOffer(token);
  if (!query.data) return <GuestQueryState title={text.offerTitle} query={query} />;
  return <OfferDetails token={token} offer={query.data} />;
}

function OfferDetails({ token, offer }: { token: string; offer: GuestOfferView }) {
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
      {expired && offer.placesOpen && <BookTheDate date={offer.reservationDate} />}
    </div>
  );
}

/** The booking form, its date chosen: the places the date still has, for a guest whose offer lapsed. */
function BookTheDate({ date }: { date: string }) {
  const text = useGuestLanguage().texts.waitlist;
  const { data: settings, isPending } = usePublicSettings();
  return (
    <div className="space-y-3">
      <p>{text.expiredBook}</p>
      <BookingSection isLoading={isPending} guarantee={settings?.cardGuarantee} initialDate={date} />
    </div>
  );
}
