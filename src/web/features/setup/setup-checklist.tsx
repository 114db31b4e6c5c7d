import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@web/lib/lazy-toaster';
import { CheckCircle2, Circle, MinusCircle } from 'lucide-react';
import { SETUP_STEPS, type SetupStep } from '@shared/limits';
import { formatMessage } from '@shared/messages';
import { isOwnerOnlySetting, mayUse, type StaffRole } from '@shared/rules/permissions';
import type { SetupStatus } from '@shared/schemas/setup-checklist';
import { staffMessages } from '@shared/staff-messages';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useStaffRole } from '@web/features/auth/session';
import { usePushSubscription } from '@web/features/push/this-device';
import { useUpdateSettings } from '@web/features/settings/save-settings';
import { useSetupChange, useSetupStatus } from './api/setup';

const text = staffMessages.admin.setupChecklist;

/** Where each step is done: the tab (and inner section) of /admin. */
const PLACES: Record<SetupStep, string> = {
  identity: '?tab=configuracion&seccion=general',
  adminEmail: '?tab=configuracion&seccion=informes',
  phones: '?tab=configuracion&seccion=general',
  address: '?tab=configuracion&seccion=general',
  hours: '?tab=configuracion&seccion=horarios',
  tables: '?tab=mesas',
  legal: '?tab=configuracion&seccion=general',
  push: '?tab=push',
  email: '?tab=configuracion&seccion=correo',
};

type StepState = 'done' | 'skipped' | 'todo';

/** The setting a step asks for, where the permissions table may keep it for the owner. */
const STEP_SETTINGS: Partial<Record<SetupStep, string>> = { adminEmail: 'adminEmail', legal: 'legalName' };

/** What an encargado reads instead of a form or a link at a step only the owner may do (issue 41), or null. */
function ownerStepNote(role: StaffRole | null, step: SetupStep): string | null {
  const owner = staffMessages.admin.ownerOnly;
  if (step === 'email') return role && mayUse(role, 'PUT', '/mail-settings') ? null : owner.mailStep;
  const field = STEP_SETTINGS[step];
  return field && role !== 'admin' && isOwnerOnlySetting(field) ? owner.note : null;
}

/** The server's view of each step; push is this browser's, so the browser says whether it is done. */
function stepStates(status: SetupStatus, pushHere: boolean): Record<SetupStep, StepState> {
  const states = {} as Record<SetupStep, StepState>;
  for (const step of status.steps) {
    const done = step.done || (step.id === 'push' && pushHere);
    states[step.id] = done ? 'done' : step.skipped ? 'skipped' : 'todo';
  }
  return states;
}

/**
 * 'Primeros pasos' (issue 20): a card on Reservas, never a modal, listing what is left to set up. It goes away
 * once every step is done or set aside, or when the owner hides it.
 */
export function SetupChecklist() {
  const status = useSetupStatus();
  const push = usePushSubscription();
  if (!status.data || status.data.hidden) return null;
  const states = stepStates(status.data, push.data?.subscribed === true);
  if (SETUP_STEPS.every((step) => states[step] !== 'todo')) return null;
  return <ChecklistCard status={status.data} states={states} />;
}

function ChecklistCard({ status, states }: { status: SetupStatus; states: Record<SetupStep, StepState> }) {
  const change = useSetupChange();
  const titleId = useId();
  const done = SETUP_STEPS.filter((step) => states[step] === 'done').length;
  const hide = () => change.mutate({ hidden: true }, { onError: (error) => toast.error(errorMessage(error)) });
  return (
    <section aria-labelledby={titleId}>
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle id={titleId}>{text.title}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {text.intro} {formatMessage(text.progress, { done, total: SETUP_STEPS.length })}
          </p>
        </div>
        <Button variant="ghost" onClick={hide} disabled={change.isPending}>
          {text.hide}
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {SETUP_STEPS.map((step) => (
            <StepRow key={step} step={step} state={states[step]}>
              {step === 'adminEmail' && states[step] === 'todo' && <AdminEmailForm suggested={status.accountEmail} />}
            </StepRow>
          ))}
        </ul>
      </CardContent>
    </Card>
    </section>
  );
}

const ICONS: Record<StepState, ReactNode> = {
  done: <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />,
  skipped: <MinusCircle aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />,
  todo: <Circle aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />,
};

function StepRow({ step, state, children }: { step: SetupStep; state: StepState; children?: ReactNode }) {
  const change = useSetupChange();
  const ownerNote = ownerStepNote(useStaffRole(), step);
  const { title, detail } = text.steps[step];
  const setAside = (skipped: boolean) =>
    change.mutate({ step, skipped }, { onError: (error) => toast.error(errorMessage(error)) });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        {ICONS[state]}
        <div className="flex flex-col">
          <span className={state === 'todo' ? 'font-medium' : 'font-medium text-muted-foreground line-through'}>{title}</span>
          <span className="text-sm text-muted-foreground">
            {state === 'todo' ? detail : state === 'done' ? text.done : text.skipped}
          </span>
          {state === 'todo' && ownerNote ? <span className="text-sm">{ownerNote}</span> : children}
        </div>
      </div>
      {state === 'todo' && (
        <div className="flex flex-wrap gap-2 pl-8 sm:pl-0">
          {step !== 'adminEmail' && !ownerNote && (
            <Button asChild variant="outline">
              <Link to={PLACES[step]} aria-label={`${step === 'push' ? text.pushEnable : text.go}: ${title}`}>
                {step === 'push' ? text.pushEnable : text.go}
              </Link>
            </Button>
          )}
          <Button variant="ghost" onClick={() => setAside(true)} disabled={change.isPending} aria-label={`${step === 'hours' ? text.hoursConfirm : text.skip}: ${title}`}>
            {step === 'hours' ? text.hoursConfirm : text.skip}
          </Button>
        </div>
      )}
      {state === 'skipped' && (
        <Button variant="ghost" onClick={() => setAside(false)} disabled={change.isPending} aria-label={`${text.restore}: ${title}`}>
          {text.restore}
        </Button>
      )}
    </li>
  );
}

/** The admin email, pre-filled with the signed-in account's, saved in one click. */
function AdminEmailForm({ suggested }: { suggested: string }) {
  const [email, setEmail] = useState(suggested);
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useUpdateSettings();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(
      { adminEmail: email },
      {
        onSuccess: () => toast.success(text.adminEmailSaved),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
      <FormField id={id} label={text.steps.adminEmail.title} error={error} className="sm:w-72">
        {(control) => <Input {...control} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />}
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {text.adminEmailSave}
      </Button>
    </form>
  );
}
