import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentConnectionTest, PaymentSettingsInput, PaymentSettingsView } from '@shared/schemas/payment-settings';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

// Configuración › Pagos (issue 45). The writes and the test need a fresh sign-in: apiFetch asks for it and sends again.

const SETTINGS_URL = '/api/admin/payments/settings';
export const paymentSettingsQueryKey = liveKey('payment_settings', 'view');

export function usePaymentSettings() {
  return useQuery({
    queryKey: paymentSettingsQueryKey,
    queryFn: ({ signal }) => apiFetch<PaymentSettingsView>(SETTINGS_URL, { signal }),
  });
}

type PaymentSettingsChange = { kind: 'save'; input: PaymentSettingsInput } | { kind: 'remove' };

export function usePaymentSettingsChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PaymentSettingsChange) =>
      change.kind === 'save'
        ? apiFetch<PaymentSettingsView>(SETTINGS_URL, { method: 'PUT', body: change.input })
        : apiFetch<PaymentSettingsView>(SETTINGS_URL, { method: 'DELETE' }),
    onSuccess: (view) => queryClient.setQueryData(paymentSettingsQueryKey, view),
  });
}

export function useTestPaymentConnection() {
  return useMutation({
    mutationFn: () => apiFetch<PaymentConnectionTest>('/api/admin/payments/test', { method: 'POST' }),
  });
}
