import { NEW_REQUEST_EMAIL_MODES, type NewRequestEmailMode as Mode } from '@shared/limits';
import { notificationsMessages } from '@shared/staff-messages/notifications';
import { ImmediateRadioGroup } from '@web/components/immediate-radio-group';
import { settingSaved } from '@web/components/use-save-status';
import { useUpdateNotificationSettings } from './api/update-notification-settings';

const text = notificationsMessages.newRequestEmail;

/** How often the staff's 'Nueva reserva' email comes (issue 52): each request, an hourly summary, or the daily report alone. */
export function NewRequestEmailMode({ saved }: { saved: Mode }) {
  const update = useUpdateNotificationSettings();
  const save = (mode: Mode) => settingSaved(update.mutateAsync({ newRequestEmailMode: mode }));
  return (
    <ImmediateRadioGroup
      legend={text.legend}
      name="newRequestEmailMode"
      choices={NEW_REQUEST_EMAIL_MODES}
      saved={saved}
      label={(mode) => text.modes[mode]}
      hint={(mode) => text.hints[mode]}
      save={save}
    />
  );
}
