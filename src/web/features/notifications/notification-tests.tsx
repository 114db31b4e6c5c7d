import { LoaderCircle, Send } from 'lucide-react';
import { toast } from '@web/lib/lazy-toaster';
import { NOTIFICATION_TEST_KINDS, type NotificationTestKind } from '@shared/limits';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { notificationsMessages } from '@shared/staff-messages/notifications';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAdminSettings } from '@web/features/settings/template-settings';
import { errorMessage } from '@web/lib/api';
import { useSendTestNotification } from './api/send-test-notification';

const text = notificationsMessages;

/** Pruebas: each button sends its message, filled with a sample reservation, to the admin email. */
export function NotificationTests() {
  const { data } = useAdminSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.tabs.tests}</CardTitle>
        <CardDescription>{text.testsDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data && (
          <p className="text-sm text-muted-foreground">
            {data.adminEmail ? formatMessage(text.testRecipient, { email: data.adminEmail }) : text.testNoAdminEmail}
          </p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          {NOTIFICATION_TEST_KINDS.map((kind) => (
            <TestButton key={kind} kind={kind} />
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

function TestButton({ kind }: { kind: NotificationTestKind }) {
  const send = useSendTestNotification();
  const click = () =>
    send.mutate(kind, {
      onSuccess: ({ recipients }) =>
        toast.success(staffMessages.admin.toasts.testNotificationSent, { description: recipients.join(', ') }),
      onError: (failure) => toast.error(text.testFailed, { description: errorMessage(failure) }),
    });

  return (
    <Button variant="outline" disabled={send.isPending} aria-busy={send.isPending || undefined} onClick={click}>
      {send.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
      {text.tests[kind]}
    </Button>
  );
}
