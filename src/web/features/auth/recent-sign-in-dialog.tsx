import { useId } from 'react';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { confirmPasswordSchema } from '@shared/schemas/auth';
import { recentSignInMessages } from '@shared/staff-messages/sensitive-changes';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { confirmPassword } from './api/confirm-password';
import { PasswordInput } from './password-input';

const text = recentSignInMessages;

let asking: Promise<boolean> | null = null;

/**
 * 'Confirma tu contraseña' (issue 41), apiFetch's recent-sign-in handler on /admin: resolves true once the password
 * is confirmed, false on 'Cancelar'. Writes refused at the same moment (two fields saving) share one dialog. It gets a
 * React root of its own so that the admin shell's first load holds only the line that registers it; it needs no
 * provider of the shell's.
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

function RecentSignInDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const id = useId();
  const form = useForm({ resolver: zodResolver(confirmPasswordSchema), defaultValues: { password: '' } });
  const submit = form.handleSubmit(async (input) => {
    try {
      await confirmPassword(input);
      onDone(true);
    } catch (failure) {
      // 'La contraseña no es correcta.', the lockout's 423, or the connection's message: all under the field.
      const message = (failure instanceof ApiRequestError && failure.fields?.password) || errorMessage(failure);
      form.setError('password', { message }, { shouldFocus: true });
    }
  });

  return (
    <FormDialog open onOpenChange={(open) => open || onDone(false)}>
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
      </DialogForm>
    </FormDialog>
  );
}
