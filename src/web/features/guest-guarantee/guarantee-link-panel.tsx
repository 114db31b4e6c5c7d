import { guaranteePolicyKey, guaranteePolicyValues } from '@shared/i18n/guarantee-policy';
import { textAt } from '@shared/i18n/text-keys';
import type { GuaranteeHoldView } from '@shared/schemas/card-guarantee';
import { Button } from '@web/components/ui/button';
import { GuestQueryState } from '@web/features/guest-waitlist/guest-query-state';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useGuaranteeLink, useLinkCheckout } from './api/guarantee-link';
import { useGuaranteeTexts, useLinkMessage } from './guarantee-texts';
import { HoldFrame } from './hold-frame';

/**
 * /reservar/garantia/enlace/<token>: the card staff asked for a booking already made. The booking, the rule the card
 * answers for, and the way to the provider's page while the link serves.
 */
export function GuaranteeLinkPanel({ token }: { token: string }) {
  const text = useGuaranteeTexts();
  const query = useGuaranteeLink(token);
  if (!query.data) return <GuestQueryState title={text.title} query={query} />;
  return <LinkOutcome token={token} hold={query.data} />;
}

function LinkOutcome({ token, hold }: { token: string; hold: GuaranteeHoldView }) {
  const text = useGuaranteeTexts();
  const { texts, format, language } = useGuestLanguage();
  const checkout = useLinkCheckout(token);
  const message = useLinkMessage(hold);
  const policy = format(textAt(texts, guaranteePolicyKey(hold)), { ...guaranteePolicyValues(hold, hold.numberOfPeople, language) });
  return (
    <HoldFrame
      hold={hold}
      message={message}
      role={hold.state === 'booked' || hold.state === 'waiting' ? 'status' : 'alert'}
      intro={hold.state === 'waiting' && <p>{policy}</p>}
      error={checkout.error}
    >
      {hold.state === 'waiting' && (
        <Button className="min-h-11" disabled={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate()}>
          {text.link.saveCard}
        </Button>
      )}
    </HoldFrame>
  );
}
