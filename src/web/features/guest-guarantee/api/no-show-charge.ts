import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { noShowChargeApprovalSchema, noShowChargePaymentSchema } from '@shared/schemas/card-guarantee';
import { apiFetch } from '@web/lib/api';

const POLL_MS = 2000;
const POLLS = 10;

/** The approval link's charge (issue 45, item 4): the provider's page while it waits, where the browser goes at once. */
export function useOpenApproval(token: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/public/no-show-charges/${encodeURIComponent(token)}`, { method: 'POST', schema: noShowChargeApprovalSchema }),
    onSuccess: (approval) => {
      if (approval.state === 'open') window.location.assign(approval.url);
    },
  });
}

/** The charge as the guest back from its payment page reads it; a payment still processing is asked again briefly. */
export function useApprovalPayment(sessionId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['guest-no-show-charge-payment', sessionId],
      queryFn: ({ signal }) =>
        apiFetch(`/api/public/no-show-charge-payments/${encodeURIComponent(sessionId)}`, { signal, schema: noShowChargePaymentSchema }),
      enabled: sessionId !== '',
      retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
      refetchInterval: (query) => (query.state.data?.state === 'processing' && query.state.dataUpdateCount < POLLS ? POLL_MS : false),
    }),
  );
}
