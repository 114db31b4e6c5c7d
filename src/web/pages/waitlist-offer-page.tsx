import { useParams } from 'react-router';
import { BookingSection } from '@web/features/booking/booking-section';
import { WaitlistOfferPanel } from '@web/features/guest-waitlist/waitlist-offer-panel';
import { usePublicSettings } from '@web/features/public-settings/api/get-public-settings';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { GuestLinkLayout } from './guest-link-layout';

/** /oferta/:token — a freed place offered to a waiting guest, linked from the offer's email. A lazy chunk. */
export function WaitlistOfferPage() {
  const { token = '' } = useParams();
  const { texts } = useGuestLanguage();
  return (
    <GuestLinkLayout title={texts.waitlist.offerTitle}>
      <WaitlistOfferPanel token={token} bookTheDate={(date) => <BookTheDate date={date} />} />
    </GuestLinkLayout>
  );
}

/** The booking form, its date chosen: the places the date still has, for a guest whose offer lapsed. */
function BookTheDate({ date }: { date: string }) {
  const { data: settings, isPending } = usePublicSettings();
  return <BookingSection isLoading={isPending} guarantee={settings?.cardGuarantee} initialDate={date} />;
}
