import { notificationsMessages } from '@shared/staff-messages/notifications';
import { messagesCentreMessages } from '@shared/staff-messages/settings';
import {
  TemplateCard,
  TemplateEditor,
  TemplateSettingsGate,
  TemplateSwitch,
  useTemplateSwitch,
} from '@web/features/settings/template-settings';

const text = notificationsMessages;
const centre = messagesCentreMessages;

/** Plantillas: the same restaurant_config templates as Configuración › Mensajes, the ones sent as notifications. */
export function NotificationTemplates() {
  return (
    <div className="grid gap-4">
      <TemplateSettingsGate>
        <TemplateCard title={centre.autoConfirmation}>
          <TemplateEditor field="autoConfirmationMessage" label={text.autoConfirmation} />
        </TemplateCard>
        <ReminderCards />
        <TemplateCard title={centre.cancellation}>
          <TemplateEditor field="cancellationMessage" label={text.cancellation} />
        </TemplateCard>
      </TemplateSettingsGate>
    </div>
  );
}

function ReminderCards() {
  const reminder24h = useTemplateSwitch('reminder24hEnabled');
  const reminder2h = useTemplateSwitch('reminder2hEnabled');
  return (
    <>
      <TemplateCard title={text.reminder24h}>
        <TemplateSwitch label={centre.reminder24hEnabled} control={reminder24h} />
        <TemplateEditor field="reminder24hMessage" label={centre.reminder24hMessage} disabled={!reminder24h.checked} />
      </TemplateCard>
      <TemplateCard title={text.reminder2h}>
        <TemplateSwitch label={centre.reminder2hEnabled} control={reminder2h} />
        <TemplateEditor field="reminder2hMessage" label={centre.reminder2hMessage} disabled={!reminder2h.checked} />
      </TemplateCard>
    </>
  );
}
