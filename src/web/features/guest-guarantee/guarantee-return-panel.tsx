import { madridNowTime } from '@shared/rules/madrid-time';
import type { GuaranteeHoldView } from '@shared/schemas/card-guarantee';
import { Button } from '@web/components/ui/button';
import { GuestQueryState } from '@web/features/guest-waitlist/guest-query-state';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useCancelHold, useCheckoutAgain, useGuaranteeHold } from './api/guarantee-hold';
import { useGuaranteeTexts, useLinkMessage } from './guarantee-texts';
import { HoldFrame } from './hold-frame';

/**
 * /reservar/garantia/<id>: the guest back from the payment provider's page. What it says comes from the server,
 * which asks the provider itself: the address the guest came back to proves nothing on its own.
 */
export function GuaranteeReturnPanel({ id, sessionId }: { id: string; sessionId: string | null }) {
  const text = useGuaranteeTexts();
  const query = useGuaranteeHold(id, sessionId);
  if (!query.data) return <GuestQueryState title={text.title} query={query} />;
  return query.data.kind === 'reservation' ? <LinkReturn hold={query.data} /> : <HoldOutcome id={id} hold={query.data} />;
}

/** Back from the payment page of a guarantee link: the booking stands whatever happened; only the card is told. */
function LinkReturn({ hold }: { hold: GuaranteeHoldView }) {
  const text = useGuaranteeTexts();
  const message = useLinkMessage(hold);
  const shown = hold.state === 'waiting' ? text.link.notSaved : message;
  return <HoldFrame hold={hold} message={shown} role={hold.state === 'booked' ? 'status' : 'alert'} />;
}

function HoldOutcome({ id, hold }: { id: string; hold: GuaranteeHoldView }) {
  const text = useGuaranteeTexts();
  const { format } = useGuestLanguage();
  const checkout = useCheckoutAgain(id);
  const cancel = useCancelHold(id);
  const busy = checkout.isPending || cancel.isPending;

  const message = {
    booked: hold.reservationStatus === 'confirmed' ? text.bookedConfirmed : text.bookedPending,
    waiting: format(text.open, { time: madridNowTime(new Date(hold.holdUntil)) }),
    expired: text.ended,
    failed: text.ended,
    cancelled: text.cancelled,
    refused: text.refused,
  }[hold.state];

  return (
    <HoldFrame hold={hold} message={message} role={hold.state === 'booked' ? 'status' : 'alert'} error={checkout.error ?? cancel.error}>
      {hold.state === 'waiting' && (
        <div className="flex flex-wrap gap-3">
          <Button className="min-h-11" disabled={busy} onClick={() => checkout.mutate()}>
            {text.backToCheckout}
          </Button>
          <Button className="min-h-11" variant="outline" disabled={busy} onClick={() => cancel.mutate()}>
            {text.cancelRequest}
          </Button>
        </div>
      )}
      {hold.state !== 'booked' && hold.state !== 'waiting' && (
        <a className="inline-flex min-h-11 items-center underline" href="/">
          {text.bookAgain}
        </a>
      )}
    </HoldFrame>
  );
}
