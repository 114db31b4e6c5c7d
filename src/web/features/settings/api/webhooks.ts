import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryView, WebhookEndpointCreated, WebhookEndpointInput, WebhookEndpointView } from '@shared/schemas/webhooks';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

// Configuración › Integraciones' webhooks (issue 48). Adding, changing and removing need a fresh sign-in: apiFetch
// asks for it and sends again.

const URL_BASE = '/api/admin/integrations/webhooks';
export const webhooksQueryKey = liveKey('webhook_endpoints', 'list');
const deliveriesQueryKey = (endpointId: string) => liveKey('webhook_deliveries', 'endpoint', endpointId);

export function useWebhookEndpoints() {
  return useQuery({ queryKey: webhooksQueryKey, queryFn: ({ signal }) => apiFetch<WebhookEndpointView[]>(URL_BASE, { signal }) });
}

export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: deliveriesQueryKey(endpointId),
    queryFn: ({ signal }) => apiFetch<WebhookDeliveryView[]>(`${URL_BASE}/${endpointId}/deliveries`, { signal }),
  });
}

function useWebhookMutation<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
      void queryClient.invalidateQueries({ queryKey: liveKey('webhook_deliveries') });
    },
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((input: WebhookEndpointInput) => apiFetch<WebhookEndpointCreated>(URL_BASE, { method: 'POST', body: input }));

/** A change of the endpoint; sending its own values again resumes a paused one ('Reanudar'). */
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...input }: WebhookEndpointInput & { id: string }) => apiFetch<WebhookEndpointView>(`${URL_BASE}/${id}`, { method: 'PUT', body: input }));

export const useRemoveWebhook = () => useWebhookMutation((id: string) => apiFetch<void>(`${URL_BASE}/${id}`, { method: 'DELETE' }));

export const useSendTestDelivery = () =>
  useWebhookMutation((id: string) => apiFetch<WebhookDeliveryView>(`${URL_BASE}/${id}/test`, { method: 'POST' }));

export const useResendDelivery = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: string; deliveryId: number }) =>
    apiFetch<WebhookDeliveryView>(`${URL_BASE}/${endpointId}/deliveries/${deliveryId}/resend`, { method: 'POST' }),
  );
