import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '@web/lib/lazy-toaster';
import { z } from 'zod';
import { messages } from '@shared/messages';
import { loginMessages } from '@shared/staff-messages/login';
import { newPasswordSchema, passwordResetSchema } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { useResetTokenCheck } from './api/check-reset-token';
import { useResetPassword } from './api/reset-password';
import { PasswordInput } from './password-input';
import { SecondStepForm } from './second-step-form';

const text = loginMessages;

const resetFormSchema = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((values) => values.password === values.repeat, { message: text.passwordsDoNotMatch, path: ['repeat'] });

const isGone = (error: unknown) => error instanceof ApiRequestError && error.status === 410;

/**
 * The page a recovery email links to. `token` comes from the link (null when it carried none). The link is
 * checked first, so that a spent or expired one says so before anybody chooses a password.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  // A token the server would refuse as malformed is not worth a request.
  const usableToken = token !== null && passwordResetSchema.shape.token.safeParse(token).success ? token : null;
  const check = useResetTokenCheck(usableToken);
  const [spent, setSpent] = useState(false);

  if (usableToken === null || spent || isGone(check.error)) return <InvalidLink />;
  if (check.isPending) {
    return (
      <div className="flex items-center gap-3 text-muted-foreground">
        <Spinner label={text.checkingResetLink} />
        <span aria-hidden="true">{text.checkingResetLink}</span>
      </div>
    );
  }
  if (check.isError) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p role="alert">{errorMessage(check.error)}</p>
        <Button variant="outline" onClick={() => void check.refetch()}>
          {messages.common.reload}
        </Button>
      </div>
    );
  }
  return <NewPasswordForm token={usableToken} onLinkInvalid={() => setSpent(true)} />;
}

function InvalidLink() {
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{text.resetTitle}</h1>
      <p role="alert">{text.resetLinkInvalid}</p>
      <Button asChild>
        <Link to="/auth">{text.backToLogin}</Link>
      </Button>
    </div>
  );
}

function NewPasswordForm({ token, onLinkInvalid }: { token: string; onLinkInvalid: () => void }) {
  const base = useId();
  const ids = {
    password: `${base}-password`,
    repeat: `${base}-repeat`,
  };
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [secondStep, setSecondStep] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', repeat: '' },
  });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: (answer) => {
          toast.success(text.passwordUpdated);
          if (answer.secondStep) setSecondStep(true);
          else void navigate('/admin', { replace: true });
        },
        onError: (error) => {
          if (isGone(error)) return onLinkInvalid();
          const fieldMessage = error instanceof ApiRequestError ? error.fields?.password : undefined;
          if (fieldMessage) return setError('password', { message: fieldMessage }, { shouldFocus: true });
          toast.error(errorMessage(error));
        },
      },
    ),
  );

  if (secondStep) {
    return <SecondStepForm onBack={() => void navigate('/auth')} onSignedIn={() => void navigate('/admin', { replace: true })} />;
  }
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold tracking-tight">{text.resetTitle}</h1>

      <FormField id={ids.password} label={text.newPassword} hint={text.passwordRules} error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} />}
      </FormField>

      <FormField id={ids.repeat} label={text.repeatPassword} error={errors.repeat?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('repeat')} />}
      </FormField>

      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? text.savingPassword : text.savePassword}
      </Button>
      <Button asChild variant="link">
        <Link to="/auth">{text.backToLogin}</Link>
      </Button>
    </form>
  );
}
