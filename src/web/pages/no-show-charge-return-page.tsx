import { useSearchParams } from 'react-router';
import { useGuaranteeTexts } from '@web/features/guest-guarantee/guarantee-texts';
import { NoShowChargeReturnPanel } from '@web/features/guest-guarantee/no-show-charge-panel';
import { GuestLinkLayout } from './guest-link-layout';

/** /reservar/garantia/pago — back from the payment page of a held-back no-show charge (issue 45, item 4). A lazy chunk. */
export function NoShowChargeReturnPage() {
  const [search] = useSearchParams();
  const text = useGuaranteeTexts().noShowCharge;
  return (
    <GuestLinkLayout title={text.title}>
      <NoShowChargeReturnPanel sessionId={search.get('session_id') ?? ''} />
    </GuestLinkLayout>
  );
}
