import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TEMPLATE_MESSAGE_KINDS } from '@shared/schemas/messaging';
import { type WhatsAppSettingsView, whatsappSettingsInputSchema } from '@shared/schemas/messaging-settings';
import { messagingSettingsMessages } from '@shared/staff-messages/messaging-settings';
import { useMessagingSettingsChange } from '../api/messaging-settings';
import { ChannelFormFooter, EnabledSwitch, TextField, UnreadableNotice } from './channel-parts';
import { channelSubmit } from './channel-submit';

const text = messagingSettingsMessages;
const w = text.whatsapp;
type FormValues = z.input<typeof whatsappSettingsInputSchema>;

const formValues = (view: WhatsAppSettingsView): FormValues => ({
  enabled: view.enabled,
  phoneNumberId: view.phoneNumberId ?? '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  templates: view.templates,
});

const SECRETS = ['accessToken', 'appSecret', 'verifyToken'] as const;

/** What 'Enviar prueba' needs saved: the account whole, and the confirmation template it sends. */
const testable = (view: WhatsAppSettingsView) =>
  SECRETS.every((secret) => view[`${secret}Saved`]) && view.templates.confirmation !== '';

/** The WhatsApp card's form: the number's id, the three secrets, the five template names, then the switch. */
export function WhatsAppForm({ view }: { view: WhatsAppSettingsView }) {
  const change = useMessagingSettingsChange();
  const form = useForm<FormValues, unknown, z.output<typeof whatsappSettingsInputSchema>>({
    resolver: zodResolver(whatsappSettingsInputSchema),
    defaultValues: formValues(view),
  });
  const onValid = channelSubmit(form, w.saved, (input, handlers) =>
    change.mutate({ kind: 'save', channel: 'whatsapp', input }, { ...handlers, onSuccess: (next) => handlers.onSuccess(formValues(next.whatsapp)) }),
  );
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={(event) => void onValid(event)} className="grid gap-4 md:grid-cols-2">
      <UnreadableNotice readable={view.readable} />
      <TextField label={w.phoneNumberId} hint={w.phoneNumberIdHelp} error={errors.phoneNumberId?.message} registration={form.register('phoneNumberId')} />
      {SECRETS.map((secret) => (
        <TextField
          key={secret}
          secret
          label={w[secret]}
          hint={w[`${secret}Help`]}
          error={errors[secret]?.message}
          placeholder={view[`${secret}Saved`] ? text.secretSavedPlaceholder : undefined}
          registration={form.register(secret)}
        />
      ))}
      <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
        <legend className="mb-1 text-base font-semibold">{w.templatesTitle}</legend>
        <p className="text-sm text-muted-foreground md:col-span-2">{w.templatesIntro}</p>
        {TEMPLATE_MESSAGE_KINDS.map((kind) => (
          <TextField
            key={kind}
            label={w.templates[kind]}
            hint={w.templateHelp[kind]}
            error={errors.templates?.[kind]?.message}
            registration={form.register(`templates.${kind}`)}
          />
        ))}
      </fieldset>
      <Controller
        control={form.control}
        name="enabled"
        render={({ field, fieldState }) => <EnabledSwitch checked={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
      <ChannelFormFooter
        channel="whatsapp"
        texts={w}
        saving={change.isPending}
        saved={view.accessTokenSaved}
        webhookUrl={view.webhookUrl}
        testable={testable(view) && !form.formState.isDirty}
      />
    </form>
  );
}
