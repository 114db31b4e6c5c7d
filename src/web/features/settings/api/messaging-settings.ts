import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagingSettingsView, MessagingTestInput, MessagingTestResult, SmsSettingsInput, WhatsAppSettingsInput } from '@shared/schemas/messaging-settings';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

// Configuración › Mensajería (issue 46). The writes and the test sends need a fresh sign-in: apiFetch asks for it and
// sends again.

export type MessagingChannel = 'whatsapp' | 'sms';
export const messagingSettingsQueryKey = liveKey('messaging_settings', 'view');

export function useMessagingSettings() {
  return useQuery({
    queryKey: messagingSettingsQueryKey,
    queryFn: ({ signal }) => apiFetch<MessagingSettingsView>('/api/admin/messaging/settings', { signal }),
  });
}

type MessagingSettingsChange =
  | { kind: 'save'; channel: 'whatsapp'; input: WhatsAppSettingsInput }
  | { kind: 'save'; channel: 'sms'; input: SmsSettingsInput }
  | { kind: 'remove'; channel: MessagingChannel };

export function useMessagingSettingsChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MessagingSettingsChange) =>
      change.kind === 'save'
        ? apiFetch<MessagingSettingsView>(`/api/admin/messaging/${change.channel}`, { method: 'PUT', body: change.input })
        : apiFetch<MessagingSettingsView>(`/api/admin/messaging/${change.channel}`, { method: 'DELETE' }),
    onSuccess: (view) => queryClient.setQueryData(messagingSettingsQueryKey, view),
  });
}

export function useMessagingTestSend(channel: MessagingChannel) {
  return useMutation({
    mutationFn: (input: MessagingTestInput) => apiFetch<MessagingTestResult>(`/api/admin/messaging/${channel}/test`, { method: 'POST', body: input }),
  });
}
