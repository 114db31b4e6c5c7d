import { useParams } from 'react-router';
import { messages } from '@shared/messages';
import { WaitlistEntryPanel } from '@web/features/guest-waitlist/waitlist-entry-panel';
import { GuestLinkLayout } from './guest-link-layout';

/** /lista-espera/:token — the guest's waitlist entry, linked from the email sent on joining. A lazy chunk. */
export function WaitlistEntryPage() {
  const { token = '' } = useParams();
  return (
    <GuestLinkLayout title={messages.waitlist.entryTitle}>
      <WaitlistEntryPanel token={token} />
    </GuestLinkLayout>
  );
}
