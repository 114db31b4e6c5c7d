import { type FormEvent, useId, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import type { TwoStepEnrolment } from '@shared/schemas/two-step';
import { twoStepMessages as text } from '@shared/staff-messages/two-step';
import { QueryState } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/titled-card';
import { CardDescription } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { useConfirmTwoStep, useRenewRecoveryCodes, useStartTwoStep, useTurnOffTwoStep, useTwoStepStatus } from './api/two-step';

/**
 * 'Verificación en dos pasos' in 'Mi cuenta' (issue 44): turned on with the QR code (or the key typed) and a first
 * code; the ten recovery codes shown once, with a download; new codes and turning off after a fresh sign-in (the
 * server asks, and the password dialog opens by itself).
 */
export function TwoStepCard() {
  const status = useTwoStepStatus();
  const [enrolment, setEnrolment] = useState<TwoStepEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useStartTwoStep();
  const renew = useRenewRecoveryCodes();
  const turnOff = useTurnOffTwoStep();
  const failed = (error: unknown) => toast.error(errorMessage(error));

  let body;
  if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (enrolment) {
    body = (
      <Enrolment
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onConfirmed={(recoveryCodes) => {
          setEnrolment(null);
          setCodes(recoveryCodes);
          toast.success(text.turnedOn);
        }}
      />
    );
  } else if (!status.data) body = <QueryState query={status} />;
  else if (!status.data.enabled) {
    body = (
      <>
        <p className="text-sm text-muted-foreground">{text.off}</p>
        <Button className="self-start" disabled={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setEnrolment, onError: failed })}>
          {text.turnOn}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p className="text-sm">{text.on}</p>
        <p className="text-sm text-muted-foreground">{formatMessage(text.left, { count: status.data.recoveryCodesLeft })}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={renew.isPending} onClick={() => renew.mutate(undefined, { onSuccess: (answer) => { setCodes(answer.recoveryCodes); toast.success(text.renewed); }, onError: failed })}>
            {text.renew}
          </Button>
          <Button variant="destructive" disabled={turnOff.isPending} onClick={() => turnOff.mutate(undefined, { onSuccess: () => toast.success(text.turnedOff), onError: failed })}>
            {text.turnOff}
          </Button>
        </div>
      </>
    );
  }

  return (
    <TitledCard title={text.card}>{body}</TitledCard>
  );
}

function Enrolment({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: TwoStepEnrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const id = useId();
  const confirm = useConfirmTwoStep();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, {
      onSuccess: (answer) => onConfirmed(answer.recoveryCodes),
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.code === 'wrong_code') setError(failure.message);
        else toast.error(errorMessage(failure));
      },
    });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm">{text.scan}</p>
      <img src={enrolment.qrCode} alt={text.qrAlt} width={200} height={200} className="size-50 self-start rounded-md bg-white p-2" />
      <div className="flex flex-col gap-1 text-sm">
        <p className="text-muted-foreground">{text.typeInstead}</p>
        <code className="break-all font-mono text-base">{enrolment.seed}</code>
      </div>
      <FormField id={`${id}-code`} label={text.code} hint={text.confirmHint} error={error} alertError>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(undefined);
            }}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            className="max-w-48"
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {text.confirm}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const file = new Blob([`${text.codesTitle}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = text.downloadName;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-3">
      <h4 id="recovery-codes-title" className="font-semibold">
        {text.codesTitle}
      </h4>
      <CardDescription>{text.codesIntro}</CardDescription>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base sm:max-w-md">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download}>
          {text.download}
        </Button>
        <Button onClick={onDone}>{text.done}</Button>
      </div>
    </section>
  );
}
