import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardGuaranteeSettings } from '@shared/schemas/card-guarantee';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

/** Under restaurant_config (the rules); 'Pagos' connecting or leaving Stripe changes `paymentsConnected`. */
export const cardGuaranteeQueryKey = liveKey('restaurant_config', 'card-guarantee');

export function getCardGuarantee(signal?: AbortSignal): Promise<CardGuaranteeSettings> {
  return apiFetch<CardGuaranteeSettings>('/api/admin/settings/card-guarantee', { signal });
}

export const cardGuaranteeQueryOptions = () =>
  queryOptions({
    queryKey: cardGuaranteeQueryKey,
    queryFn: ({ signal }) => getCardGuarantee(signal),
    meta: liveMeta('payment_settings'),
  });

export function useCardGuarantee() {
  return useQuery(cardGuaranteeQueryOptions());
}
