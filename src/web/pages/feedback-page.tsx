import { useParams } from 'react-router';
import { FeedbackPanel } from '@web/features/guest-feedback/feedback-form';
import { useFeedbackTexts } from '@web/features/guest-feedback/use-feedback-texts';
import { GuestLinkLayout } from './guest-link-layout';

/** /valorar/:token — the rating the guest is asked for after a visit (issue 47). A lazy chunk. */
export function FeedbackPage() {
  const { token = '' } = useParams();
  const text = useFeedbackTexts();
  return (
    <GuestLinkLayout title={text.title}>
      <FeedbackPanel token={token} />
    </GuestLinkLayout>
  );
}
