import { toast } from '@web/lib/lazy-toaster';
import { NEW_REQUEST_EMAIL_MODES, type NewRequestEmailMode as Mode } from '@shared/limits';
import { staffMessages } from '@shared/staff-messages';
import { notificationsMessages } from '@shared/staff-messages/notifications';
import { LabelledFieldset } from '@web/components/labelled-fieldset';
import { HintedRadioOption } from '@web/components/ui/check-option';
import { errorMessage } from '@web/lib/api';
import { useUpdateNotificationSettings } from './api/update-notification-settings';

const text = notificationsMessages.newRequestEmail;

/** How often the staff's 'Nueva reserva' email comes (issue 52): each request, an hourly summary, or the daily report alone. */
export function NewRequestEmailMode({ saved }: { saved: Mode }) {
  const update = useUpdateNotificationSettings();
  // The choice shows while it is saved; a refusal puts the saved one back.
  const chosen = (update.isPending ? update.variables.newRequestEmailMode : undefined) ?? saved;
  const choose = (mode: Mode) =>
    update.mutate(
      { newRequestEmailMode: mode },
      {
        onSuccess: () => toast.success(staffMessages.admin.toasts.settingsSaved),
        onError: (failure) => toast.error(staffMessages.admin.errors.settingsSave, { description: errorMessage(failure) }),
      },
    );
  return (
    <LabelledFieldset legend={text.legend} legendClassName="text-sm font-medium" className="grid gap-2">
      {NEW_REQUEST_EMAIL_MODES.map((mode) => (
        <HintedRadioOption
          key={mode}
          name="newRequestEmailMode"
          value={mode}
          checked={chosen === mode}
          onChange={() => choose(mode)}
          label={text.modes[mode]}
          hint={text.hints[mode]}
        />
      ))}
    </LabelledFieldset>
  );
}
