import { useEffect, useRef, useState } from 'react';
import { madridNowTime } from '@shared/rules/madrid-time';
import type { GuestOfferView, OfferAccepted } from '@shared/schemas/waitlist';
import { Button } from '@web/components/ui/button';
import { GuaranteePolicy } from '@web/features/booking/guarantee-notice';
import { ApiRequestError } from '@web/lib/api';
import { leaveForCardGuarantee } from '@web/lib/embedded-frame';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { toast } from '@web/lib/lazy-toaster';
import { useAcceptOffer } from './api/accept-offer';
import { useWaitlistOffer } from './api/get-waitlist-offer';
import { GuestQueryState } from './guest-query-state';
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
  // The server's reason when it refused the acceptance (spent, expired, withdrawn, taken, unknown link).
  const [refusal, setRefusal] = useState<string | null>(null);

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: (answer) => {
        if ('checkoutUrl' in answer) leaveForCardGuarantee(answer.checkoutUrl);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 429) setRefusal(error.message);
        else toast.error(error.message);
      },
    });

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground">{offer.restaurantName}</p>
        <h1 className="text-2xl font-bold">{text.offerTitle}</h1>
      </div>
      <PartyDetails
        label={text.offerTitle}
        customerName={offer.customerName}
        reservationDate={offer.reservationDate}
        reservationTime={offer.reservationTime}
        numberOfPeople={offer.numberOfPeople}
        footer={
          accept.data && 'reservation' in accept.data ? (
            <Outcome accepted={accept.data} takeFocus />
          ) : refusal ? (
            <Outcome message={refusal} takeFocus />
          ) : offer.status === 'open' ? (
            <div className="space-y-3">
              <p>{format(text.offerIntro, { time: madridNowTime(new Date(offer.holdUntil)) })}</p>
              {offer.guarantee && <GuaranteePolicy terms={offer.guarantee} people={offer.numberOfPeople} />}
              <Button disabled={accept.isPending} onClick={onAccept} className="w-full sm:w-auto">
                {accept.isPending ? text.accepting : text.accept}
              </Button>
            </div>
          ) : offer.status === 'accepted' ? (
            <Outcome />
          ) : (
            <Outcome message={offer.status === 'expired' ? text.errors.offerExpired : text.errors.offerWithdrawn} />
          )
        }
      />
    </div>
  );
}

/**
 * What became of the offer: booked (with the reservation's status when this page booked it) or the reason it
 * cannot be. When it replaces the button the guest pressed, it takes the focus, so that the answer is read out.
 */
function Outcome({ accepted, message, takeFocus = false }: { accepted?: OfferAccepted; message?: string; takeFocus?: boolean }) {
  const text = useGuestLanguage().texts.waitlist;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);

  if (message) {
    return (
      <div ref={ref} tabIndex={-1} role="alert" className="rounded-md bg-muted p-3 outline-none">
        {message}
      </div>
    );
  }
  const status = accepted?.reservation.status;
  return (
    <div ref={ref} tabIndex={-1} role="status" className="space-y-1 rounded-md border border-green-200 bg-green-50 p-3 text-green-900 outline-none">
      <h2 className="text-lg font-semibold">{text.acceptedTitle}</h2>
      {status && <p>{status === 'confirmed' ? text.acceptedConfirmed : text.acceptedPending}</p>}
    </div>
  );
}
