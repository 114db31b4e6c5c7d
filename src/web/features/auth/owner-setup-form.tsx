import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/lazy-toaster';
import { messages } from '@shared/messages';
import { loginMessages } from '@shared/staff-messages/login';
import { ownerSetupSchema } from '@shared/schemas/auth';
import { setupMessages } from '@shared/staff-messages/team';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { useCreateOwner } from './api/owner-setup';
import { PasswordInput } from './password-input';

const text = setupMessages;

/**
 * 'Crear la cuenta del propietario' (issue 20): shown on /auth, where /admin sends everyone, until the owner's
 * account exists. The new owner is signed in at once; the /auth page then takes them to /admin.
 */
export function OwnerSetupForm() {
  const create = useCreateOwner();
  const base = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ownerSetupSchema), defaultValues: { code: '', email: '', password: '' } });

  const onValid = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => toast.success(text.created),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields?.code) setError('code', { message: error.fields.code }, { shouldFocus: true });
        toast.error(errorMessage(error, loginMessages.exception));
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onValid(event)} className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
      <p className="text-sm text-muted-foreground">{text.intro}</p>
      <FormField id={`${base}-code`} label={text.code} error={errors.code?.message}>
        {(control) => <Input {...control} autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('code')} />}
      </FormField>
      <FormField id={`${base}-email`} label={text.email} error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" inputMode="email" autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('email')} />
        )}
      </FormField>
      <FormField id={`${base}-password`} label={text.password} error={errors.password?.message} hint={text.passwordHint}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={create.isPending}>
        {create.isPending ? messages.common.sending : text.submit}
      </Button>
    </form>
  );
}
