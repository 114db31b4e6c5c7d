import { useParams } from 'react-router';
import { useGuaranteeTexts } from '@web/features/guest-guarantee/guarantee-texts';
import { NoShowChargePanel } from '@web/features/guest-guarantee/no-show-charge-panel';
import { GuestLinkLayout } from './guest-link-layout';

/** /reservar/garantia/cobro/:token — the approval link of a held-back no-show charge (issue 45, item 4). A lazy chunk. */
export function NoShowChargePage() {
  const { token = '' } = useParams();
  const text = useGuaranteeTexts().noShowCharge;
  return (
    <GuestLinkLayout title={text.title}>
      <NoShowChargePanel token={token} />
    </GuestLinkLayout>
  );
}
