import { useParams, useSearchParams } from 'react-router';
import { GuaranteeReturnPanel } from '@web/features/guest-guarantee/guarantee-return-panel';
import { useGuaranteeTexts } from '@web/features/guest-guarantee/guarantee-texts';
import { GuestLinkLayout } from './guest-link-layout';

/** /reservar/garantia/:id — back from the payment provider's page (issue 45). A lazy chunk. */
export function GuaranteeReturnPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const text = useGuaranteeTexts();
  return (
    <GuestLinkLayout title={text.title}>
      <GuaranteeReturnPanel id={id} sessionId={search.get('session_id')} />
    </GuestLinkLayout>
  );
}
