import { messagingSettingsMessages } from '@shared/staff-messages/messaging-settings';
import { QueryState } from '@web/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useMessagingSettings } from '../api/messaging-settings';
import { SmsForm } from './sms-form';
import { WhatsAppForm } from './whatsapp-form';

const text = messagingSettingsMessages;

/**
 * Configuración › Mensajería (issue 46, item 1): the WhatsApp and Twilio accounts guests are messaged through, each
 * with its switch and a test send. The owner's alone.
 */
export function MessagingPanel() {
  const query = useMessagingSettings();
  return (
    <div className="grid gap-6">
      <div className="grid gap-2 text-sm">
        <p>{text.intro}</p>
        <p className="rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sky-950">{text.emailDefault}</p>
      </div>
      {query.data === undefined ? (
        <QueryState query={query} />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{text.whatsapp.title}</CardTitle>
              <CardDescription>{text.whatsapp.intro}</CardDescription>
            </CardHeader>
            <CardContent>
              <WhatsAppForm view={query.data.whatsapp} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{text.sms.title}</CardTitle>
              <CardDescription>{text.sms.intro}</CardDescription>
            </CardHeader>
            <CardContent>
              <SmsForm view={query.data.sms} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
