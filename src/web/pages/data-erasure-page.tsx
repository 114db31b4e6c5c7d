import { useParams } from 'react-router';
import { guestDataMessages } from '@shared/guest-messages/guest-data';
import { ErasureConfirmation } from '@web/features/self-service/erasure-confirmation';
import { GuestLinkLayout } from './guest-link-layout';

/** /borrar-datos/:token — the confirmation link of a guest's 'Borrar mis datos' (issue 24). A lazy chunk. */
export function DataErasurePage() {
  const { token = '' } = useParams();
  return (
    <GuestLinkLayout title={guestDataMessages.confirmTitle}>
      <ErasureConfirmation token={token} />
    </GuestLinkLayout>
  );
}
