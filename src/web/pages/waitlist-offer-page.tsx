import { useParams } from 'react-router';
import { WaitlistOfferPanel } from '@web/features/guest-waitlist/waitlist-offer-panel';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { GuestLinkLayout } from './guest-link-layout';

/** /oferta/:token — a freed place offered to a waiting guest, linked from the offer's email. A lazy chunk. */
export function WaitlistOfferPage() {
  const { token = '' } = useParams();
  const { texts } = useGuestLanguage();
  return (
    <GuestLinkLayout title={texts.waitlist.offerTitle}>
      <WaitlistOfferPanel token={token} />
    </GuestLinkLayout>
  );
}
