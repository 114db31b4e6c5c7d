import { type ReactNode, useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '@shared/messages';
import { messagingSettingsMessages } from '@shared/staff-messages/messaging-settings';
import { ConfirmButton } from '@web/components/confirm-button';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { type MessagingChannel, useMessagingSettingsChange, useMessagingTestSend } from '../api/messaging-settings';
import { copy } from '../fields/copy-field';

const text = messagingSettingsMessages;

interface TextFieldProps {
  label: string;
  hint: ReactNode;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** A secret: typed but never shown back; the placeholder says whether one is saved. */
  secret?: boolean;
  placeholder?: string;
}

export function TextField({ label, hint, error, registration, secret = false, placeholder }: TextFieldProps) {
  const id = useId();
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type={secret ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          className="h-11"
          placeholder={placeholder}
          {...registration}
        />
      )}
    </FormField>
  );
}

/** 'Activado': the row is the touch target, the switch alone is too small for a finger. */
export function EnabledSwitch({ checked, onChange, error }: { checked: boolean; onChange: (checked: boolean) => void; error: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 md:col-span-2">
      <div className="flex min-h-11 items-center gap-3">
        <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
        <Label htmlFor={id} className="min-h-11 content-center">
          {text.enabled}
        </Label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {text.enabledHelp}
      </p>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  );
}

/** The address to give the provider, read-only, with a copy button. */
function WebhookUrlField({ url, help }: { url: string; help: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="grid min-w-0 gap-2 md:col-span-2">
      <Label htmlFor={id}>{text.webhookUrl}</Label>
      <div className="flex min-w-0 flex-wrap gap-2">
        <Input id={id} ref={field} readOnly value={url} spellCheck={false} aria-describedby={`${id}-hint`} className="h-11 min-w-0 flex-1 basis-64 font-mono text-sm" />
        <Button type="button" variant="outline" onClick={() => void copy(field.current, text.copied)}>
          {text.copy}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {help}
      </p>
    </div>
  );
}

/** 'Enviar prueba': a phone number, then the provider's answer read out where it appears. */
function TestSend({ channel, disabled }: { channel: MessagingChannel; disabled: boolean }) {
  const id = useId();
  const [to, setTo] = useState('');
  const send = useMessagingTestSend(channel);
  const outcome = send.data ?? (send.error ? { ok: false, message: errorMessage(send.error) } : null);
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3 md:col-span-2">
      <Label htmlFor={id}>{text.testTo}</Label>
      <div className="flex min-w-0 flex-wrap gap-2">
        <Input
          id={id}
          type="tel"
          autoComplete="off"
          inputMode="tel"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className="h-11 min-w-0 flex-1 basis-48"
        />
        <Button type="button" variant="outline" disabled={disabled || send.isPending || to.trim() === ''} onClick={() => send.mutate({ to })}>
          {send.isPending ? text.testing : text.test}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {disabled ? text.testDisabled : text.testToHelp}
      </p>
      <div role="status" aria-live="polite" className="min-h-5 text-sm">
        {outcome && !send.isPending && <p className={cn('font-medium', outcome.ok ? 'text-green-800' : 'text-destructive')}>{outcome.message}</p>}
      </div>
    </div>
  );
}

/** A channel's own words for its form's end. */
interface ChannelTexts {
  removeTitle: string;
  removeDescription: string;
  removed: string;
  webhookUrlHelp: string;
}

interface ChannelFormFooterProps {
  channel: MessagingChannel;
  texts: ChannelTexts;
  saving: boolean;
  /** An account is saved: it may be removed. */
  saved: boolean;
  webhookUrl: string;
  /** 'Enviar prueba' needs the account saved whole and no unsaved change. */
  testable: boolean;
}

/** The end of a channel's form: 'Guardar' and, once saved, 'Borrar'; the webhook address; 'Enviar prueba'. */
export function ChannelFormFooter({ channel, texts, saving, saved, webhookUrl, testable }: ChannelFormFooterProps) {
  return (
    <>
      <div className="flex flex-wrap gap-2 md:col-span-2">
        <Button type="submit" disabled={saving}>
          {saving ? messages.common.sending : text.save}
        </Button>
        {saved && <RemoveChannel channel={channel} texts={texts} />}
      </div>
      <WebhookUrlField url={webhookUrl} help={texts.webhookUrlHelp} />
      <TestSend channel={channel} disabled={!testable} />
    </>
  );
}

/** 'Borrar', behind a confirmation: the channel's guests get email instead. */
function RemoveChannel({ channel, texts }: { channel: MessagingChannel; texts: ChannelTexts }) {
  const change = useMessagingSettingsChange();
  return (
    <ConfirmButton
      label={text.remove}
      variant="ghost"
      title={texts.removeTitle}
      description={texts.removeDescription}
      mutation={change}
      variables={{ kind: 'remove', channel }}
      successMessage={texts.removed}
    />
  );
}

/** An unreadable secret: sealed under another SECRETS_KEY. */
export function UnreadableNotice({ readable }: { readable: boolean }) {
  if (readable) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive md:col-span-2">
      {text.unreadable}
    </p>
  );
}
