import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from '@web/lib/lazy-toaster';
import { messages } from '@shared/messages';
import { loginMessages } from '@shared/staff-messages/login';
import { loginRequestSchema, recoveryRequestSchema } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FieldError, FormField } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api';
import { useLogin } from './api/login';
import { useRequestRecovery } from './api/request-recovery';
import { PasskeySignIn } from './passkey-sign-in';
import { PasswordInput } from './password-input';
import { SecondStepForm } from './second-step-form';

const text = loginMessages;

type Mode = 'login' | 'forgot' | 'code';

/**
 * The /auth card: sign in, or ask for a recovery link. A successful sign-in writes the session into the cache;
 * the /auth page, which watches the session, takes the user on to /admin (as it does for a sign-in made in
 * another tab).
 */
export function LoginForm() {
  const [mode, setMode] = useState<Mode>('login');
  // Carried between the two modes so that nobody types the address twice.
  const [email, setEmail] = useState('');

  if (mode === 'code') return <SecondStepForm onBack={() => setMode('login')} />;
  return mode === 'login' ? (
    <SignInForm
      email={email}
      onForgot={(typed) => {
        setEmail(typed);
        setMode('forgot');
      }}
      onSecondStep={(typed) => {
        setEmail(typed);
        setMode('code');
      }}
    />
  ) : (
    <RecoveryForm
      email={email}
      onBack={(typed) => {
        setEmail(typed);
        setMode('login');
      }}
    />
  );
}

function SignInForm({
  email,
  onForgot,
  onSecondStep,
}: {
  email: string;
  onForgot: (email: string) => void;
  onSecondStep: (email: string) => void;
}) {
  const ids = useFieldIds();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email, password: '' },
  });
  const invalid = Boolean(errors.email || errors.password);

  const onValid = handleSubmit(
    (input) =>
      login.mutate(input, {
        onSuccess: (answer) => (answer.secondStep ? onSecondStep(input.email) : toast.success(text.success)),
        // 401, 423 and 429 carry the catalogue's own text: shown as it comes.
        onError: (error) => toast.error(errorMessage(error, text.exception)),
      }),
    () => toast.error(text.required),
  );

  return (
    <form noValidate onSubmit={onValid} className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.email}>{text.email}</Label>
        <Input
          id={ids.email}
          {...EMAIL_INPUT}
          autoComplete="username webauthn"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={invalid ? ids.error : undefined}
          {...register('email')}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <Label htmlFor={ids.password}>{text.password}</Label>
          <Button variant="link" className="h-auto p-0" onClick={() => onForgot(getValues('email'))}>
            {text.forgotPassword}
          </Button>
        </div>
        <PasswordInput
          id={ids.password}
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={invalid ? ids.error : undefined}
          {...register('password')}
        />
      </div>

      <FieldError id={ids.error}>{invalid && text.required}</FieldError>

      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? text.signingIn : text.submit}
      </Button>
      <PasskeySignIn />
      <Button asChild variant="outline">
        <Link to="/">{text.backHome}</Link>
      </Button>
    </form>
  );
}

function RecoveryForm({ email, onBack }: { email: string; onBack: (email: string) => void }) {
  const ids = useFieldIds();
  const recovery = useRequestRecovery();
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(recoveryRequestSchema),
    defaultValues: { email },
  });

  // The mode switch replaced the form under the keyboard focus: put it on the only field.
  useEffect(() => setFocus('email'), [setFocus]);

  const onValid = handleSubmit(
    ({ email: address }) =>
      recovery.mutate(address, {
        onSuccess: () => {
          toast.success(text.recoverySent);
          onBack(address);
        },
        onError: (error) => toast.error(text.recoveryError, { description: errorMessage(error) }),
      }),
    () => toast.error(text.recoveryEmailRequired),
  );

  return (
    <form noValidate onSubmit={onValid} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{text.recoveryTitle}</h1>
        <p className="text-sm text-muted-foreground">{text.recoveryDescription}</p>
      </div>

      <FormField id={ids.email} label={text.email} error={errors.email && text.recoveryEmailRequired}>
        {(control) => <Input {...control} {...EMAIL_INPUT} {...register('email')} />}
      </FormField>

      <Button type="submit" size="lg" disabled={recovery.isPending}>
        {recovery.isPending ? messages.common.sending : text.sendRecovery}
      </Button>
      <Button variant="link" onClick={() => onBack(getValues('email'))}>
        {text.backToLogin}
      </Button>
    </form>
  );
}

/** The sign-in email as browsers and password managers expect it. */
const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'username', autoCapitalize: 'none', spellCheck: false } as const;

function useFieldIds() {
  const base = useId();
  return { email: `${base}-email`, password: `${base}-password`, error: `${base}-error` };
}
