import { useParams } from 'react-router';
import { messages } from '@shared/messages';
import { WaitlistOfferPanel } from '@web/features/guest-waitlist/waitlist-offer-panel';
import { GuestLinkLayout } from './guest-link-layout';

/** /oferta/:token — a freed place offered to a waiting guest, linked from the offer's email. A lazy chunk. */
export function WaitlistOfferPage() {
  const { token = '' } = useParams();
  return (
    <GuestLinkLayout title={messages.waitlist.offerTitle}>
      <WaitlistOfferPanel token={token} />
    </GuestLinkLayout>
  );
}
