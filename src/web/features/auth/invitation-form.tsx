import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate } from 'react-router';
import { toast } from '@web/lib/lazy-toaster';
import { z } from 'zod';
import { formatMessage, messages } from '@shared/messages';
import { loginMessages } from '@shared/staff-messages/login';
import { newPasswordSchema } from '@shared/schemas/auth';
import { setupMessages, teamMessages } from '@shared/staff-messages/team';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useAcceptInvitation, useInvitation } from './api/invitation';
import { PasswordInput } from './password-input';

const text = teamMessages.accept;

/** The page an invitation email links to (issue 20): who is invited, and their new password. */
export function InvitationForm({ token }: { token: string | null }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const passwordId = useId();
  const form = useForm({ resolver: zodResolver(z.object({ password: newPasswordSchema })), defaultValues: { password: '' } });

  if (accept.isSuccess) return <Navigate to="/admin" replace />;
  if (token === null || invitation.isError) {
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
        <p role="alert">{token === null ? teamMessages.errors.invitationInvalid : errorMessage(invitation.error)}</p>
      </div>
    );
  }
  if (!invitation.data) return <Spinner label={text.checking} className="self-center" />;

  const onValid = form.handleSubmit(({ password }) =>
    accept.mutate(
      { token, password },
      {
        onSuccess: () => toast.success(text.welcome),
        onError: (error) => toast.error(errorMessage(error, loginMessages.exception)),
      },
    ),
  );
  return (
    <form noValidate onSubmit={(event) => void onValid(event)} className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
      <p className="text-sm text-muted-foreground">
        {formatMessage(text.intro, { role: teamMessages.roles[invitation.data.role], email: invitation.data.email })}
      </p>
      <FormField id={passwordId} label={text.password} error={form.formState.errors.password?.message} hint={setupMessages.passwordHint}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={accept.isPending}>
        {accept.isPending ? messages.common.sending : text.submit}
      </Button>
    </form>
  );
}
