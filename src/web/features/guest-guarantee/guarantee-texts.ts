import { guaranteeLinkUntil } from '@shared/i18n/guarantee-policy';
import { cardGuaranteeGuestMessages } from '@shared/guest-messages/card-guarantee';
import type { GuaranteeHoldView } from '@shared/schemas/card-guarantee';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

export const useGuaranteeTexts = () => useGuestLanguage().translation?.cardGuarantee ?? cardGuaranteeGuestMessages;

/** What a guarantee link's page, or the return from its payment page, says of the card (issue 45, item 7). */
export function useLinkMessage(hold: GuaranteeHoldView): string {
  const link = useGuaranteeTexts().link;
  const { format, language } = useGuestLanguage();
  return {
    booked: link.saved,
    waiting: format(link.waiting, { until: guaranteeLinkUntil(new Date(hold.holdUntil), language) }),
    expired: link.ended,
    failed: link.ended,
    cancelled: link.ended,
    refused: link.refused,
  }[hold.state];
}
