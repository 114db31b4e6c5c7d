import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailSettingsInput, MailSettingsView, MailTestResult } from '@shared/schemas/mail-settings';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

// Configuración › Correo saliente (issue 20).

export const mailSettingsQueryKey = liveKey('mail_settings', 'view');

export function useMailSettings() {
  return useQuery({
    queryKey: mailSettingsQueryKey,
    queryFn: ({ signal }) => apiFetch<MailSettingsView>('/api/admin/mail-settings', { signal }),
  });
}

type MailChange = { kind: 'save'; input: MailSettingsInput } | { kind: 'remove' };

export function useMailSettingsChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MailChange) =>
      change.kind === 'save'
        ? apiFetch<MailSettingsView>('/api/admin/mail-settings', { method: 'PUT', body: change.input })
        : apiFetch<MailSettingsView>('/api/admin/mail-settings', { method: 'DELETE' }),
    onSuccess: (view) => queryClient.setQueryData(mailSettingsQueryKey, view),
  });
}

export function useSendTestEmail() {
  return useMutation({
    mutationFn: () => apiFetch<MailTestResult>('/api/admin/mail-settings/test', { method: 'POST' }),
  });
}
