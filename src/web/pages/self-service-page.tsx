import { useParams } from 'react-router';
import { SelfServicePanel } from '@web/features/self-service/self-service-panel';
import { useSelfServiceTexts } from '@web/features/self-service/use-self-service-texts';
import { GuestLinkLayout } from './guest-link-layout';

/** /reserva/:token — the guest's private page, linked from every guest email. A lazy chunk with no admin code. */
export function SelfServicePage() {
  const { token = '' } = useParams();
  const text = useSelfServiceTexts();
  return (
    <GuestLinkLayout title={text.title}>
      <SelfServicePanel token={token} />
    </GuestLinkLayout>
  );
}
