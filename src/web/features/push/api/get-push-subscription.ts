import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushSubscriptionStatus } from '@shared/schemas/push';
import { apiFetch } from '@web/lib/api';
import { currentBrowserSubscription, isPushSupported } from '../push-browser';

/** Keyed by the table, so a subscription saved or removed elsewhere refreshes this state. */
export const pushSubscriptionQueryKey = ['push_subscriptions', 'current-browser'] as const;

/** GET /api/admin/push/subscription?endpoint=…: whether the server holds this browser's subscription. */
export function getPushSubscription(endpoint: string, signal?: AbortSignal): Promise<PushSubscriptionStatus> {
  return apiFetch<PushSubscriptionStatus>(`/api/admin/push/subscription?endpoint=${encodeURIComponent(endpoint)}`, { signal });
}

/** The browser's own subscription first: without one there is nothing to ask the server about. */
export const pushSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: pushSubscriptionQueryKey,
    queryFn: async ({ signal }): Promise<PushSubscriptionStatus> => {
      const subscription = await currentBrowserSubscription();
      if (!subscription) return { subscribed: false };
      return getPushSubscription(subscription.endpoint, signal);
    },
    enabled: isPushSupported(),
  });

export function usePushSubscription() {
  return useQuery(pushSubscriptionQueryOptions());
}
