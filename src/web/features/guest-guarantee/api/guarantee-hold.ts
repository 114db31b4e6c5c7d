import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type GuaranteeHoldView, guaranteeHoldViewSchema } from '@shared/schemas/card-guarantee';
import { apiFetch } from '@web/lib/api';
import { z } from 'zod';

const holdKey = (id: string) => ['guest-guarantee-hold', id] as const;
const path = (id: string) => `/api/public/card-guarantees/${encodeURIComponent(id)}`;

/** The hold as the guest back from the payment page sees it; with the page's id, the server checks the card. */
export function useGuaranteeHold(id: string, sessionId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...holdKey(id), sessionId],
      queryFn: ({ signal }) =>
        apiFetch(`${path(id)}${sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : ''}`, { signal, schema: guaranteeHoldViewSchema }),
      retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
    }),
  );
}

export function useCheckoutAgain(id: string) {
  return useMutation({
    mutationFn: () => apiFetch(`${path(id)}/checkout`, { method: 'POST', schema: z.object({ checkoutUrl: z.string() }) }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}

export function useCancelHold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${path(id)}/cancel`, { method: 'POST', schema: guaranteeHoldViewSchema }),
    onSuccess: (view: GuaranteeHoldView) => queryClient.setQueriesData({ queryKey: holdKey(id) }, () => view),
  });
}
