import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { guaranteeHoldViewSchema } from '@shared/schemas/card-guarantee';
import { apiFetch } from '@web/lib/api';
import { z } from 'zod';

const path = (token: string) => `/api/public/card-guarantee-links/${encodeURIComponent(token)}`;

/** The guarantee link staff emailed (issue 45, item 7): the booking, its rule and whether the card is still to save. */
export function useGuaranteeLink(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['guest-guarantee-link', token],
      queryFn: ({ signal }) => apiFetch(path(token), { signal, schema: guaranteeHoldViewSchema }),
      retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
    }),
  );
}

export function useLinkCheckout(token: string) {
  return useMutation({
    mutationFn: () => apiFetch(`${path(token)}/checkout`, { method: 'POST', schema: z.object({ checkoutUrl: z.string() }) }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}
