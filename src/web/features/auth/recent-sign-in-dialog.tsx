import { useEffect, useId, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { confirmPasswordSchema, secondStepSchema } from '@shared/schemas/auth';
import { twoStepMessages } from '@shared/staff-messages/two-step';
import { recentSignInMessages } from '@shared/staff-messages/sensitive-changes';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { passkeyErrorMessage } from '@web/lib/passkeys';
import { confirmCode, confirmPassword, confirmWithPasskey, otherFreshSignIns } from './api/confirm-password';
import { PasswordInput } from './password-input';

const text = recentSignInMessages;

let asking: Promise<boolean> | null = null;

/**
 * 'Confirma tu contraseña' (issues 41, 44), apiFetch's recent-sign-in handler on /admin: resolves true once the
 * password, or a two-step code, is confirmed, false on 'Cancelar'. Writes refused at the same moment (two fields
 * saving) share one dialog. It gets a React root of its own so that the admin shell's first load holds only the line
 * that registers it; it needs no provider of the shell's.
 */
export function askRecentSignIn(): Promise<boolean> {
  asking ??= new Promise<boolean>((resolve) => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    const done = (confirmed: boolean) => {
      asking = null;
      resolve(confirmed);
      // After the event that closed it: Radix then gives the focus back to where it was before the dialog opened.
      setTimeout(() => {
        root.unmount();
        host.remove();
      });
    };
    root.render(<RecentSignInDialog onDone={done} />);
  });
  return asking;
}

type Method = 'password' | 'code';
type Others = Awaited<ReturnType<typeof otherFreshSignIns>>;

function RecentSignInDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const [method, setMethod] = useState<Method>('password');
  const [others, setOthers] = useState<Others>({ code: false, passkey: false });
  useEffect(() => {
    otherFreshSignIns().then(setOthers, () => undefined);
  }, []);
  return (
    <FormDialog open onOpenChange={(open) => open || onDone(false)}>
      {method === 'code' ? (
        <CodeForm onDone={onDone} onSwitch={() => setMethod('password')} />
      ) : (
        <PasswordForm onDone={onDone} others={others} onUseCode={() => setMethod('code')} />
      )}
    </FormDialog>
  );
}

/** The refusal under the field: a wrong password or code, the lockout's 423, or the connection's message. */
const fieldMessage = (failure: unknown, field: string) =>
  (failure instanceof ApiRequestError && failure.fields?.[field]) || errorMessage(failure);

function PasswordForm({ onDone, others, onUseCode }: { onDone: (confirmed: boolean) => void; others: Others; onUseCode: () => void }) {
  const id = useId();
  const form = useForm({ resolver: zodResolver(confirmPasswordSchema), defaultValues: { password: '' } });
  const [usingPasskey, setUsingPasskey] = useState(false);
  const usePasskey = () => {
    setUsingPasskey(true);
    confirmWithPasskey().then(
      () => onDone(true),
      (failure: unknown) => {
        setUsingPasskey(false);
        form.setError('password', { message: passkeyErrorMessage(failure) });
      },
    );
  };
  const submit = form.handleSubmit(async (input) => {
    try {
      await confirmPassword(input);
      onDone(true);
    } catch (failure) {
      form.setError('password', { message: fieldMessage(failure, 'password') }, { shouldFocus: true });
    }
  });
  return (
    <DialogForm
      title={text.title}
      description={text.description}
      onSubmit={(event) => void submit(event)}
      submitLabel={text.confirm}
      submitDisabled={form.formState.isSubmitting}
      onCancel={() => onDone(false)}
      cancelLabel={text.cancel}
    >
      <FormField id={id} label={text.password} error={form.formState.errors.password?.message} alertError>
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      {others.passkey && (
        <Button type="button" variant="outline" className="self-start" disabled={usingPasskey} onClick={usePasskey}>
          {text.usePasskey}
        </Button>
      )}
      {others.code && (
        <Button type="button" variant="link" className="self-start px-0" onClick={onUseCode}>
          {text.useCode}
        </Button>
      )}
    </DialogForm>
  );
}

function CodeForm({ onDone, onSwitch }: { onDone: (confirmed: boolean) => void; onSwitch: () => void }) {
  const id = useId();
  const form = useForm({ resolver: zodResolver(secondStepSchema), defaultValues: { code: '' } });
  const submit = form.handleSubmit(async (input) => {
    try {
      await confirmCode(input);
      onDone(true);
    } catch (failure) {
      form.setError('code', { message: fieldMessage(failure, 'code') }, { shouldFocus: true });
    }
  });
  return (
    <DialogForm
      title={text.codeTitle}
      description={text.codeDescription}
      onSubmit={(event) => void submit(event)}
      submitLabel={text.confirm}
      submitDisabled={form.formState.isSubmitting}
      onCancel={() => onDone(false)}
      cancelLabel={text.cancel}
    >
      <FormField id={id} label={twoStepMessages.code} error={form.formState.errors.code?.message} alertError>
        {(control) => (
          <Input {...control} autoComplete="one-time-code" inputMode="numeric" autoCorrect="off" spellCheck={false} maxLength={40} {...form.register('code')} />
        )}
      </FormField>
      <Button type="button" variant="link" className="self-start px-0" onClick={onSwitch}>
        {text.usePassword}
      </Button>
    </DialogForm>
  );
}
