import { useParams } from 'react-router';
import { WaitlistEntryPanel } from '@web/features/guest-waitlist/waitlist-entry-panel';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { GuestLinkLayout } from './guest-link-layout';

/** /lista-espera/:token — the guest's waitlist entry, linked from the email sent on joining. A lazy chunk. */
export function WaitlistEntryPage() {
  const { token = '' } = useParams();
  const { texts } = useGuestLanguage();
  return (
    <GuestLinkLayout title={texts.waitlist.entryTitle}>
      <WaitlistEntryPanel token={token} />
    </GuestLinkLayout>
  );
}
