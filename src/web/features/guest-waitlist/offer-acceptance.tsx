import { useEffect, useRef, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { GuaranteeTerms } from '@shared/schemas/card-guarantee';
import type { HeldReservation } from '@shared/schemas/reservation';
import type { GuestOfferView, OfferAccepted } from '@shared/schemas/waitlist';
import { Button } from '@web/components/ui/button';
import { GuaranteePolicy } from '@web/features/booking/guarantee-notice';
import { ApiRequestError } from '@web/lib/api';
import { leaveForCardGuarantee } from '@web/lib/embedded-frame';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { toast } from '@web/lib/lazy-toaster';

type Acceptance = UseMutationResult<OfferAccepted | HeldReservation, Error, void>;

/**
 * An open offer's hold, what the card guarantee would ask, and 'Aceptar la mesa'; once pressed, what became of it.
 * The offer's page and the entry's page both show it.
 */
export function OfferAcceptance({ intro, guarantee, people, accept }: { intro: string; guarantee: GuaranteeTerms | null; people: number; accept: Acceptance }) {
  const text = useGuestLanguage().texts.waitlist;
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

  if (accept.data && 'reservation' in accept.data) return <Outcome accepted={accept.data} booking={accept.data.booking} takeFocus />;
  if (refusal) return <Outcome message={refusal} takeFocus />;
  return (
    <div className="space-y-3">
      <p>{intro}</p>
      {guarantee && <GuaranteePolicy terms={guarantee} people={people} />}
      <Button disabled={accept.isPending} onClick={onAccept} className="h-auto min-h-11 w-full whitespace-normal sm:w-auto">
        {accept.isPending ? text.accepting : text.accept}
      </Button>
    </div>
  );
}

interface OutcomeProps {
  accepted?: OfferAccepted;
  /** The booking's page and calendar file, once booked. */
  booking?: GuestOfferView['booking'];
  message?: string;
  takeFocus?: boolean;
}

/**
 * What became of the offer: booked (with the reservation's status when this page booked it, and its links) or the
 * reason it cannot be. When it replaces the button the guest pressed, it takes the focus, so that the answer is read out.
 */
export function Outcome({ accepted, booking, message, takeFocus = false }: OutcomeProps) {
  const { texts } = useGuestLanguage();
  const text = texts.waitlist;
  const summary = texts.reservation.summary;
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
    <div ref={ref} tabIndex={-1} role="status" className="space-y-2 rounded-md border border-green-200 bg-green-50 p-3 text-green-900 outline-none">
      <h2 className="text-lg font-semibold">{text.acceptedTitle}</h2>
      {status && <p>{status === 'confirmed' ? text.acceptedConfirmed : text.acceptedPending}</p>}
      {booking && (
        <>
          <p className="text-sm">{summary.manageHint}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" className="h-auto min-h-11 whitespace-normal">
              <a href={booking.managePath}>{summary.manage}</a>
            </Button>
            <Button asChild variant="outline" className="h-auto min-h-11 whitespace-normal">
              <a href={booking.calendarPath} download="reserva.ics">
                {summary.addToCalendar}
              </a>
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
