import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { type SmsSettingsView, smsSettingsInputSchema } from '@shared/schemas/messaging-settings';
import { messagingSettingsMessages } from '@shared/staff-messages/messaging-settings';
import { useMessagingSettingsChange } from '../api/messaging-settings';
import { ChannelFormFooter, EnabledSwitch, TextField, UnreadableNotice } from './channel-parts';
import { channelSubmit } from './channel-submit';

const text = messagingSettingsMessages;
const s = text.sms;
type FormValues = z.input<typeof smsSettingsInputSchema>;

const formValues = (view: SmsSettingsView): FormValues => ({
  enabled: view.enabled,
  accountSid: view.accountSid ?? '',
  authToken: '',
  sender: view.sender ?? '',
});

/** The SMS card's form: Twilio's Account SID, its auth token and the sender, then the switch. */
export function SmsForm({ view }: { view: SmsSettingsView }) {
  const change = useMessagingSettingsChange();
  const form = useForm<FormValues, unknown, z.output<typeof smsSettingsInputSchema>>({
    resolver: zodResolver(smsSettingsInputSchema),
    defaultValues: formValues(view),
  });
  const onValid = channelSubmit(form, s.saved, (input, handlers) =>
    change.mutate({ kind: 'save', channel: 'sms', input }, { ...handlers, onSuccess: (next) => handlers.onSuccess(formValues(next.sms)) }),
  );
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={(event) => void onValid(event)} className="grid gap-4 md:grid-cols-2">
      <UnreadableNotice readable={view.readable} />
      <TextField label={s.accountSid} hint={s.accountSidHelp} error={errors.accountSid?.message} placeholder="AC…" registration={form.register('accountSid')} />
      <TextField
        secret
        label={s.authToken}
        hint={s.authTokenHelp}
        error={errors.authToken?.message}
        placeholder={view.authTokenSaved ? text.secretSavedPlaceholder : undefined}
        registration={form.register('authToken')}
      />
      <TextField label={s.sender} hint={s.senderHelp} error={errors.sender?.message} placeholder="+34…" registration={form.register('sender')} />
      <Controller
        control={form.control}
        name="enabled"
        render={({ field, fieldState }) => <EnabledSwitch checked={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
      <ChannelFormFooter
        channel="sms"
        texts={s}
        saving={change.isPending}
        saved={view.authTokenSaved}
        webhookUrl={view.webhookUrl}
        testable={view.authTokenSaved && Boolean(view.sender) && !form.formState.isDirty}
      />
    </form>
  );
}
