import { useParams } from 'react-router';
import { ErasureConfirmation } from '@web/features/self-service/erasure-confirmation';
import { useGuestDataTexts } from '@web/features/self-service/use-guest-data-texts';
import { GuestLinkLayout } from './guest-link-layout';

/** /borrar-datos/:token — the confirmation link of a guest's 'Borrar mis datos' (issue 24). A lazy chunk. */
export function DataErasurePage() {
  const { token = '' } = useParams();
  const text = useGuestDataTexts();
  return (
    <GuestLinkLayout title={text.confirmTitle}>
      <ErasureConfirmation token={token} />
    </GuestLinkLayout>
  );
}
