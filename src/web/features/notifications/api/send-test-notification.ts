import { useMutation } from '@tanstack/react-query';
import type { NotificationTestKind } from '@shared/limits';
import { notificationTestResultSchema, type NotificationTestResult } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';

/** POST /api/admin/notifications/test: the server queues the message of `kind`, filled with a sample, to the admin. */
export function sendTestNotification(kind: NotificationTestKind): Promise<NotificationTestResult> {
  return apiFetch('/api/admin/notifications/test', {
    method: 'POST',
    body: { kind },
    schema: notificationTestResultSchema,
  });
}

export function useSendTestNotification() {
  return useMutation({ mutationFn: sendTestNotification });
}
