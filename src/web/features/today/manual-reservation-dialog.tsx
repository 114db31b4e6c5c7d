import { type ReactNode, useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ADMIN_PARTY_DEFAULT, ADMIN_PARTY_MAX, ADMIN_PARTY_MIN } from '@shared/limits';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { pacingWarning } from '@shared/rules/pacing';
import { adminSlots } from '@shared/rules/slots';
import { manualReservationSchema } from '@shared/schemas/reservation';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { type FieldControlProps, FormField } from '@web/components/ui/form-field';
import { fieldClassName, Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { ApiRequestError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useCreateManualReservation, type ManualReservation } from './api/create-manual-reservation';
import { useCoversPacing } from './api/get-covers-pacing';

const text = staffMessages.admin.manualReservation;
const SLOTS = adminSlots();
const PEOPLE = Array.from({ length: ADMIN_PARTY_MAX - ADMIN_PARTY_MIN + 1 }, (_, index) => ADMIN_PARTY_MIN + index);

/** What the controls hold: strings, the party size included; the shared schema turns them into the request body. */
interface FormValues {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  numberOfPeople: string;
  reservationDate: string;
  reservationTime: string;
  notes: string;
}

const FIELDS = ['customerName', 'customerPhone', 'customerEmail', 'numberOfPeople', 'reservationDate', 'reservationTime', 'notes'] as const;

const resolver = zodResolver(manualReservationSchema) as unknown as Resolver<FormValues, unknown, ManualReservation>;

function emptyForm(today: string): FormValues {
  return {
    customerName: '',
    customerPhone: '',
    customerEmail: '',
    numberOfPeople: String(ADMIN_PARTY_DEFAULT),
    reservationDate: today,
    reservationTime: '',
    notes: '',
  };
}

interface ManualReservationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
}

/** A reservation taken by phone or at the door: created already confirmed. */
export function ManualReservationDialog({ open, onOpenChange, today }: ManualReservationDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <ManualReservationForm today={today} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ManualReservationForm({ today, onDone }: { today: string; onDone: () => void }) {
  const form = useForm<FormValues, unknown, ManualReservation>({ resolver, defaultValues: emptyForm(today) });
  const { register, handleSubmit, setError, formState, control: formControl } = form;
  const [date, time, people] = useWatch({
    control: formControl,
    name: ['reservationDate', 'reservationTime', 'numberOfPeople'],
  });
  const errors = formState.errors;
  const create = useCreateManualReservation();
  const baseId = useId();
  const idOf = (name: keyof FormValues) => `${baseId}-${name}`;

  // A closed day or time: the server's reason, and 'Guardar igualmente' for that same date and time (issue 19).
  const [closed, setClosed] = useState<{ message: string; values: ManualReservation } | null>(null);
  const closedNow = closed && closed.values.reservationDate === date && closed.values.reservationTime === time ? closed : null;

  const onSubmit = (values: ManualReservation) => {
    if (values.reservationDate < today) {
      setError('reservationDate', { message: messages.reservation.validation.datePast }, { shouldFocus: true });
      return;
    }
    save(values);
  };
  const save = (values: ManualReservation) =>
    create.mutate(values, {
      onSuccess: (created) => {
        toast.success(staffMessages.admin.toasts.reservationCreated, {
          description: formatMessage(text.createdDescription, { name: values.customerName }),
        });
        if (created.pacingWarning) toast.warning(created.pacingWarning);
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === 'closed') {
          setClosed({ message: error.message, values });
          return;
        }
        const fields = error instanceof ApiRequestError ? error.fields : undefined;
        for (const [name, message] of Object.entries(fields ?? {})) {
          if ((FIELDS as readonly string[]).includes(name)) setError(name as keyof FormValues, { message });
        }
        toast.error(staffMessages.admin.errors.create, {
          description: error instanceof ApiRequestError ? error.message : staffMessages.admin.errors.createReservation,
        });
      },
    });

  const field = (name: keyof FormValues, label: string, control: (props: FieldControlProps) => ReactNode, className?: string) => (
    <FormField id={idOf(name)} label={label} error={errors[name]?.message} className={className}>
      {control}
    </FormField>
  );

  return (
    <DialogForm
      title={text.title}
      description={text.description}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      submitLabel={create.isPending ? messages.common.sending : text.submit}
      submitDisabled={create.isPending}
      onCancel={onDone}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'customerName',
          text.name,
          (props) => <Input autoComplete="off" aria-required="true" {...props} {...register('customerName')} />,
          'sm:col-span-2',
        )}
        {field(
          'customerPhone',
          text.phone,
          (props) => <Input type="tel" autoComplete="off" aria-required="true" {...props} {...register('customerPhone')} />,
        )}
        {field(
          'customerEmail',
          text.email,
          (props) => <Input type="email" autoComplete="off" {...props} {...register('customerEmail')} />,
        )}
        {field(
          'numberOfPeople',
          text.people,
          (props) => <select className={cn(fieldClassName, 'h-10')} {...props} {...register('numberOfPeople')}>
            {PEOPLE.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>,
        )}
        {field(
          'reservationDate',
          text.date,
          (props) => <Input type="date" min={today} aria-required="true" {...props} {...register('reservationDate')} />,
        )}
        {field(
          'reservationTime',
          text.time,
          (props) => <select
            className={cn(fieldClassName, 'h-10')}
            aria-required="true"
            {...props}
            {...register('reservationTime')}
          >
            <option value="">{messages.reservation.form.timePlaceholder}</option>
            {SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>,
        )}
        {field('notes', text.notes, (props) => <Textarea maxLength={1000} {...props} {...register('notes')} />, 'sm:col-span-2')}
      </div>
      <CoversPacingWarning date={date} time={time} people={Number(people)} />
      {closedNow && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          <p className="min-w-0 flex-1">{closedNow.message}</p>
          <Button variant="outline" disabled={create.isPending} onClick={() => save({ ...closedNow.values, override: true })}>
            {text.saveAnyway}
          </Button>
        </div>
      )}
    </DialogForm>
  );
}

/** Staff may pass a covers maximum, but see it before submitting (the server's answer repeats it as a toast). */
function CoversPacingWarning({ date, time, people }: { date: string; time: string; people: number }) {
  const pacing = useCoversPacing(date);
  const warning = pacing.data && time ? pacingWarning(pacing.data, time, people) : null;
  if (!warning) return null;
  return (
    <p role="status" className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900">
      {warning}
    </p>
  );
}
