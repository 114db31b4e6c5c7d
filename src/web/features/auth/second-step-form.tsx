import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { secondStepSchema } from '@shared/schemas/auth';
import { loginMessages } from '@shared/staff-messages/login';
import { twoStepMessages as text } from '@shared/staff-messages/two-step';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { useSecondStep } from './api/login';

/**
 * The sign-in's second step (issue 44): after a right password on an account with two-step codes, a code of the
 * app or a recovery code. A wrong code stays on this step; a lock or a lapsed step goes back to the password.
 */
export function SecondStepForm({ onBack, onSignedIn }: { onBack: () => void; onSignedIn?: () => void }) {
  const id = useId();
  const secondStep = useSecondStep();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(secondStepSchema), defaultValues: { code: '' } });

  useEffect(() => setFocus('code'), [setFocus]);

  const onValid = handleSubmit((input) =>
    secondStep.mutate(input, {
      onSuccess: ({ recoveryCodesLeft }) => {
        toast.success(loginMessages.success);
        if (recoveryCodesLeft !== null) toast.warning(formatMessage(text.recoveryCodesLeft, { count: recoveryCodesLeft }));
        onSignedIn?.();
      },
      onError: (error) => {
        const message = errorMessage(error, loginMessages.exception);
        if (error instanceof ApiRequestError && error.code === 'wrong_code') {
          setError('code', { message }, { shouldFocus: true });
          return;
        }
        toast.error(message);
        onBack();
      },
    }),
  );

  return (
    <form noValidate onSubmit={onValid} className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
      <FormField id={`${id}-code`} label={text.code} hint={text.codeHint} error={errors.code?.message} alertError>
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={40}
            {...register('code')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={secondStep.isPending}>
        {secondStep.isPending ? text.verifying : text.verify}
      </Button>
      <Button variant="link" onClick={onBack}>
        {loginMessages.backToLogin}
      </Button>
    </form>
  );
}
