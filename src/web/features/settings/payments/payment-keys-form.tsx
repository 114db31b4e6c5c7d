import { type ReactNode, useId } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { formatMessage, messages } from '@shared/messages';
import { paymentSettingsInputSchema, type PaymentSettingsView } from '@shared/schemas/payment-settings';
import { paymentSettingsMessages } from '@shared/staff-messages/payments-settings';
import { ConfirmButton } from '@web/components/confirm-button';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/lazy-toaster';
import { usePaymentSettingsChange, useTestPaymentConnection } from '../api/payment-settings';

const text = paymentSettingsMessages;
type FormValues = z.input<typeof paymentSettingsInputSchema>;
type Form = UseFormReturn<FormValues, unknown, z.output<typeof paymentSettingsInputSchema>>;

/** The two secrets (never shown back: an empty field keeps the saved one), then Guardar, Probar conexión, Borrar. */
export function PaymentKeysForm({ view }: { view: PaymentSettingsView }) {
  const change = usePaymentSettingsChange();
  const form: Form = useForm({ resolver: zodResolver(paymentSettingsInputSchema), defaultValues: { secretKey: '', webhookSecret: '' } });
  const onValid = form.handleSubmit((input) =>
    change.mutate(
      { kind: 'save', input },
      {
        onSuccess: () => {
          toast.success(text.saved);
          form.reset({ secretKey: '', webhookSecret: '' });
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

  return (
    <form noValidate onSubmit={(event) => void onValid(event)} className="grid gap-4 md:grid-cols-2">
      <KeyFields form={form} view={view} />
      <div className="flex flex-wrap gap-2 md:col-span-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? messages.common.sending : text.save}
        </Button>
        {view.connected && <RemoveKeys />}
      </div>
      {/* Keyed by the keys: a test of other keys says nothing about these. */}
      <ConnectionTest key={`${view.secretKeyHint}|${view.webhookSecretSaved}`} disabled={!view.connected || form.formState.isDirty} />
    </form>
  );
}

function KeyFields({ form, view }: { form: Form; view: PaymentSettingsView }) {
  const keyHint = (
    <>
      {view.secretKeyHint && <span className="block">{formatMessage(text.secretKeySaved, { hint: view.secretKeyHint })}</span>}
      <span className="block">{text.secretKeyHelp}</span>
    </>
  );
  return (
    <>
      <SecretField form={form} name="secretKey" label={text.secretKey} hint={keyHint} placeholder={view.connected ? text.secretKeySavedPlaceholder : 'sk_test_…'} />
      <SecretField
        form={form}
        name="webhookSecret"
        label={text.webhookSecret}
        hint={text.webhookSecretHelp}
        placeholder={view.webhookSecretSaved ? text.webhookSecretSavedPlaceholder : 'whsec_…'}
      />
    </>
  );
}

/** A secret typed but never shown back: a password field, its placeholder saying whether one is saved. */
function SecretField({ form, name, label, hint, placeholder }: { form: Form; name: keyof FormValues; label: string; hint: ReactNode; placeholder: string }) {
  const id = useId();
  return (
    <FormField id={id} label={label} error={form.formState.errors[name]?.message} hint={hint}>
      {(control) => <Input {...control} type="password" autoComplete="off" spellCheck={false} className="h-11" placeholder={placeholder} {...form.register(name)} />}
    </FormField>
  );
}

/** 'Probar conexión' with the saved keys; the answer is read out where it appears. */
function ConnectionTest({ disabled }: { disabled: boolean }) {
  const test = useTestPaymentConnection();
  const outcome = test.data ?? (test.error ? { ok: false as const, message: errorMessage(test.error) } : null);
  return (
    <div className="flex flex-col gap-2 md:col-span-2">
      <Button type="button" variant="outline" className="self-start" disabled={disabled || test.isPending} onClick={() => test.mutate()}>
        {test.isPending ? text.testing : text.test}
      </Button>
      <div role="status" aria-live="polite" className="min-h-5 text-sm">
        {outcome && !test.isPending && (
          <p className={cn(outcome.ok ? 'text-green-800' : 'text-destructive')}>
            <span className="font-medium">{outcome.message}</span>
            {outcome.ok && outcome.accountName && <span> · {formatMessage(text.testAccount, { account: outcome.accountName })}</span>}
          </p>
        )}
      </div>
    </div>
  );
}

/** 'Borrar claves', behind a confirmation: the guarantees stop until other keys are saved. */
function RemoveKeys() {
  const change = usePaymentSettingsChange();
  return (
    <ConfirmButton
      label={text.remove}
      variant="ghost"
      title={text.removeTitle}
      description={text.removeDescription}
      mutation={change}
      variables={{ kind: 'remove' }}
      successMessage={text.removed}
    />
  );
}
