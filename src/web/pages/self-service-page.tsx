import { useParams } from 'react-router';
import { selfServiceMessages } from '@shared/guest-messages/self-service';
import { SelfServicePanel } from '@web/features/self-service/self-service-panel';
import { GuestLinkLayout } from './guest-link-layout';

/** /reserva/:token — the guest's private page, linked from every guest email. A lazy chunk with no admin code. */
export function SelfServicePage() {
  const { token = '' } = useParams();
  return (
    <GuestLinkLayout title={selfServiceMessages.title}>
      <SelfServicePanel token={token} />
    </GuestLinkLayout>
  );
}
