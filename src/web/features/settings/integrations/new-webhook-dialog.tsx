import { useId, useState } from 'react';
import { WEBHOOK_EVENTS, type WebhookEvent, webhookEndpointInputSchema } from '@shared/schemas/webhooks';
import { webhooksMessages } from '@shared/staff-messages/webhooks';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { CheckOption } from '@web/components/ui/check-option';
import { FieldError, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useCreateWebhook } from '../api/webhooks';
import { useCheckedSubmit } from './checked-submit';
import { ShownOnce } from './shown-once';

const text = webhooksMessages;

/** 'Nuevo webhook': the address, its events and 'Red local'; then the signing secret, once, with 'Copiar'. */
export function NewWebhookDialog() {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Closing forgets the secret: it is never shown again.
    if (!next) setSecret(null);
  };
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} trigger={<Button type="button">{text.create}</Button>}>
      {secret ? <ShownOnce title={text.created} description={text.secretShownOnce} label={text.secretLabel} value={secret} copyLabel={text.copy} copied={text.copied} doneLabel={text.done} onDone={() => onOpenChange(false)} /> : <WebhookForm onCreated={setSecret} onCancel={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function WebhookForm({ onCreated, onCancel }: { onCreated: (secret: string) => void; onCancel: () => void }) {
  const create = useCreateWebhook();
  const urlId = useId();
  const eventsId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [allowLocal, setAllowLocal] = useState(false);
  const toggle = (event: WebhookEvent, on: boolean) => setEvents((current) => (on ? [...current, event] : current.filter((item) => item !== event)));
  const { errors, submit } = useCheckedSubmit(webhookEndpointInputSchema, create, { toast: text.created, then: (answer) => onCreated(answer.secret) });
  return (
    <DialogForm
      title={text.createTitle}
      description={text.createDescription}
      onSubmit={submit({ url, events, allowLocal })}
      submitLabel={create.isPending ? text.creating : text.submit}
      submitDisabled={create.isPending}
      onCancel={onCancel}
      cancelLabel={text.cancel}
    >
      <FormField id={urlId} label={text.url} error={errors.url}>
        {(control) => (
          <Input {...control} type="url" inputMode="url" className="h-11" placeholder="https://" value={url} spellCheck={false} onChange={(event) => setUrl(event.target.value)} />
        )}
      </FormField>
      <CheckOption
        checked={allowLocal}
        onChange={(event) => setAllowLocal(event.target.checked)}
        label={
          <span>
            <span className="font-medium">{text.allowLocal}</span>
            <span className="block text-muted-foreground">{text.allowLocalHelp}</span>
          </span>
        }
      />
      <fieldset className="grid gap-1" aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">{text.events}</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <CheckOption key={name} checked={events.includes(name)} onChange={(event) => toggle(name, event.target.checked)} label={text.eventNames[name]} />
        ))}
        {errors.events && <FieldError id={`${eventsId}-error`}>{errors.events}</FieldError>}
      </fieldset>
    </DialogForm>
  );
}
