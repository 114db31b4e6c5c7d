import { useParams } from 'react-router';
import { useGuaranteeTexts } from '@web/features/guest-guarantee/guarantee-texts';
import { GuaranteeLinkPanel } from '@web/features/guest-guarantee/guarantee-link-panel';
import { GuestLinkLayout } from './guest-link-layout';

/** /reservar/garantia/enlace/:token — the guarantee link staff emailed for a booking (issue 45, item 7). A lazy chunk. */
export function GuaranteeLinkPage() {
  const { token = '' } = useParams();
  const text = useGuaranteeTexts();
  return (
    <GuestLinkLayout title={text.title}>
      <GuaranteeLinkPanel token={token} />
    </GuestLinkLayout>
  );
}
