import { useId } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/lazy-toaster';
import type { z } from 'zod';
import { MAIL_SECURITY_MODES } from '@shared/limits';
import { mayUse } from '@shared/rules/permissions';
import { formatMessage, messages } from '@shared/messages';
import { mailSettingsInputSchema, type MailSettingsView } from '@shared/schemas/mail-settings';
import { staffMessages } from '@shared/staff-messages';
import { mailSettingsMessages } from '@shared/staff-messages/settings';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName, Input } from '@web/components/ui/input';
import { WholeNumberInput } from '@web/components/ui/whole-number-input';
import { useStaffRole } from '@web/features/auth/session';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useMailSettings, useMailSettingsChange, useSendTestEmail } from '../api/mail-settings';
import { QueryCard } from '../fields/query-card';

const text = mailSettingsMessages;
type FormValues = z.input<typeof mailSettingsInputSchema>;
type Form = UseFormReturn<FormValues, unknown, z.output<typeof mailSettingsInputSchema>>;

/** Configuración › Correo saliente (issue 20): the SMTP server guests' emails leave through, and a test email. */
export function MailPanel() {
  return (
    <QueryCard title={text.title} intro={text.intro} query={useMailSettings()}>
      {(view) => <MailSettingsBody view={view} />}
    </QueryCard>
  );
}

function statusLine(view: MailSettingsView): string {
  if (view.source === 'environment') return formatMessage(text.environment, { host: view.environmentHost ?? '' });
  if (view.source === 'none') return formatMessage(text.none, { directory: view.outboxDirectory });
  return formatMessage(text.active, { host: `${view.settings!.host}:${view.settings!.port}` });
}

function MailSettingsBody({ view }: { view: MailSettingsView }) {
  return (
    <>
      <p role="status" className={cn('rounded-md border px-3 py-2 text-sm', view.source === 'none' && 'border-yellow-300 bg-yellow-50 text-yellow-900')}>
        {statusLine(view)}
      </p>
      {view.source === 'environment' ? <TestButton /> : <MailForm view={view} />}
    </>
  );
}

function TestButton({ disabled = false }: { disabled?: boolean }) {
  const test = useSendTestEmail();
  const send = () =>
    test.mutate(undefined, {
      onSuccess: ({ to }) => toast.success(formatMessage(text.testSent, { to })),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <Button type="button" variant="outline" disabled={disabled || test.isPending} onClick={send}>
      {test.isPending ? messages.common.sending : text.test}
    </Button>
  );
}

function MailForm({ view }: { view: MailSettingsView }) {
  const saved = view.settings;
  const change = useMailSettingsChange();
  const role = useStaffRole();
  // An encargado reads the server but may not point it elsewhere (issue 41); the test email goes to their own address.
  const ownerOnly = !role || !mayUse(role, 'PUT', '/mail-settings');
  const noteId = useId();
  const form: Form = useForm({
    resolver: zodResolver(mailSettingsInputSchema),
    defaultValues: {
      host: saved?.host ?? '',
      port: saved?.port ?? 587,
      security: saved?.security ?? 'starttls',
      username: saved?.username ?? '',
      password: '',
      sender: saved?.sender ?? '',
    },
  });
  const onValid = form.handleSubmit((input) =>
    change.mutate(
      { kind: 'save', input },
      {
        onSuccess: (next) => {
          toast.success(text.saved);
          form.reset({ ...form.getValues(), password: '', username: next.settings?.username ?? '' });
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(error instanceof ApiRequestError ? (error.fields ?? {}) : {})) {
            form.setError(field as keyof FormValues, { message });
          }
          toast.error(errorMessage(error));
        },
      },
    ),
  );
  const remove = () =>
    change.mutate({ kind: 'remove' }, { onSuccess: () => toast.success(text.removed), onError: (error) => toast.error(errorMessage(error)) });

  return (
    <form noValidate onSubmit={(event) => void onValid(event)} className="grid gap-4 md:grid-cols-2">
      <fieldset disabled={ownerOnly} aria-describedby={ownerOnly ? noteId : undefined} className="contents">
        <MailFields form={form} view={view} />
      </fieldset>
      {ownerOnly && (
        <p id={noteId} className="text-sm text-muted-foreground md:col-span-2">
          {staffMessages.admin.ownerOnly.note}
        </p>
      )}
      <div className="flex flex-wrap gap-2 md:col-span-2">
        {!ownerOnly && (
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? messages.common.sending : text.save}
          </Button>
        )}
        <TestButton disabled={!saved || form.formState.isDirty} />
        {saved && !ownerOnly && (
          <Button type="button" variant="ghost" disabled={change.isPending} onClick={remove}>
            {text.remove}
          </Button>
        )}
      </div>
    </form>
  );
}

function MailFields({ form, view }: { form: Form; view: MailSettingsView }) {
  const ids = { host: useId(), port: useId(), security: useId(), username: useId(), password: useId(), sender: useId() };
  const errors = form.formState.errors;
  const saved = view.settings;
  const passwordHint = saved?.passwordSaved ? (saved.passwordReadable ? text.passwordSaved : text.passwordUnreadable) : undefined;
  return (
    <>
      <FormField id={ids.host} label={text.host} error={errors.host?.message}>
        {(control) => <Input {...control} autoComplete="off" placeholder="smtp.ejemplo.com" {...form.register('host')} />}
      </FormField>
      <FormField id={ids.port} label={text.port} error={errors.port?.message}>
        {(control) => <WholeNumberInput {...control} min={1} max={65535} {...form.register('port', { valueAsNumber: true })} />}
      </FormField>
      <FormField id={ids.security} label={text.security} error={errors.security?.message}>
        {(control) => (
          <select {...control} className={cn(fieldClassName, 'h-11')} {...form.register('security')}>
            {MAIL_SECURITY_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {text.securityModes[mode]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={ids.sender} label={text.sender} error={errors.sender?.message} hint={text.senderHelp}>
        {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('sender')} />}
      </FormField>
      <FormField id={ids.username} label={text.username} error={errors.username?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('username')} />}
      </FormField>
      <FormField id={ids.password} label={text.password} error={errors.password?.message} hint={passwordHint}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
    </>
  );
}
