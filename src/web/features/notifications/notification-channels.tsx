import { useId } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { staffMessages } from '@shared/staff-messages';
import { notificationsMessages } from '@shared/staff-messages/notifications';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { useNotificationSettings } from './api/get-notification-settings';
import { useUpdateNotificationSettings } from './api/update-notification-settings';
import { NewRequestEmailMode } from './new-request-email-mode';

const text = notificationsMessages;

type ChannelField = 'pushNotificationsEnabled' | 'emailNotificationsEnabled' | 'reminderNotificationsEnabled';

const CHANNELS: ReadonlyArray<{ field: ChannelField; label: string }> = [
  { field: 'pushNotificationsEnabled', label: text.push },
  { field: 'emailNotificationsEnabled', label: text.email },
  { field: 'reminderNotificationsEnabled', label: text.reminders },
];

/** Configuración: which kinds of notification Mesa sends, each switch saved at once. */
export function NotificationChannels() {
  const settings = useNotificationSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.tabs.settings}</CardTitle>
        <CardDescription>{text.settingsDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.isPending && <Spinner />}
        {settings.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(settings.error)}
          </p>
        )}
        {settings.data &&
          CHANNELS.map(({ field, label }) => (
            <ChannelSwitch key={field} field={field} label={label} saved={settings.data[field]} />
          ))}
        {settings.data && <NewRequestEmailMode saved={settings.data.newRequestEmailMode} />}
      </CardContent>
    </Card>
  );
}

function ChannelSwitch({ field, label, saved }: { field: ChannelField; label: string; saved: boolean }) {
  const id = useId();
  const update = useUpdateNotificationSettings();
  const pending = update.isPending ? update.variables[field] : undefined;

  const change = (checked: boolean) =>
    update.mutate(
      { [field]: checked },
      {
        onSuccess: () => toast.success(staffMessages.admin.toasts.settingsSaved),
        onError: (failure) => toast.error(staffMessages.admin.errors.settingsSave, { description: errorMessage(failure) }),
      },
    );

  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={pending ?? saved} onCheckedChange={change} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
