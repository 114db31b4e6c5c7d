import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_PARTY_DEFAULT, WAITLIST_QUOTED_WAIT_MAX_MINUTES } from '@shared/limits';
import { messages } from '@shared/messages';
import { waitlistMessages } from '@shared/staff-messages/waitlist';
import { adminSlots } from '@shared/rules/slots';
import { staffWaitlistEntrySchema, type WaitlistEntryView } from '@shared/schemas/waitlist';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName, Input } from '@web/components/ui/input';
import { WholeNumberInput } from '@web/components/ui/whole-number-input';
import { PartySizeSelect } from '@web/features/reservations/booking-fields';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/lazy-toaster';
import { type StaffWaitlistEntry, useAddWaitlistEntry } from './api/add-waitlist-entry';

const text = waitlistMessages;
const SLOTS = adminSlots();

/** What the controls hold: strings; the shared schema parses them. */
interface EntryFormValues {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  numberOfPeople: string;
  reservationDate: string;
  timeFrom: string;
  timeTo: string;
  quotedWaitMinutes: string;
}
const FIELDS = [
  'customerName',
  'customerPhone',
  'customerEmail',
  'numberOfPeople',
  'reservationDate',
  'timeFrom',
  'timeTo',
  'quotedWaitMinutes',
] as const satisfies readonly (keyof EntryFormValues)[];

const resolver = zodResolver(staffWaitlistEntrySchema) as unknown as Resolver<EntryFormValues, unknown, StaffWaitlistEntry>;

interface AddEntryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The date the list shows: the form starts on it (today when it is past). */
  date: string;
  today: string;
  onAdded: (entry: WaitlistEntryView) => void;
}

/** 'Añadir a la lista': a party staff put on the waitlist, by phone or at the door. */
export function AddEntryDialog({ open, onOpenChange, date, today, onAdded }: AddEntryDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <AddEntryForm
        date={date < today ? today : date}
        today={today}
        onCancel={() => onOpenChange(false)}
        onAdded={(entry) => {
          onOpenChange(false);
          onAdded(entry);
        }}
      />
    </FormDialog>
  );
}

interface AddEntryFormProps {
  date: string;
  today: string;
  onCancel: () => void;
  onAdded: (entry: WaitlistEntryView) => void;
}

function AddEntryForm({ date, today, onCancel, onAdded }: AddEntryFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<EntryFormValues, unknown, StaffWaitlistEntry>({
    resolver,
    defaultValues: {
      customerName: '',
      customerPhone: '',
      customerEmail: '',
      numberOfPeople: String(ADMIN_PARTY_DEFAULT),
      reservationDate: date,
      timeFrom: '',
      timeTo: '',
      quotedWaitMinutes: '',
    },
  });
  const errors = formState.errors;
  const add = useAddWaitlistEntry();
  const baseId = useId();
  const idOf = (name: keyof EntryFormValues) => `${baseId}-${name}`;

  const onSubmit = (values: StaffWaitlistEntry) => {
    if (values.reservationDate < today) {
      setError('reservationDate', { message: messages.reservation.validation.datePast }, { shouldFocus: true });
      return;
    }
    add.mutate(values, {
      onSuccess: (entry) => {
        toast.success(text.added, { description: entry.customerName });
        onAdded(entry);
      },
      onError: (error) => {
        const fields = error instanceof ApiRequestError ? error.fields : undefined;
        for (const [name, message] of Object.entries(fields ?? {})) {
          if ((FIELDS as readonly string[]).includes(name)) setError(name as keyof EntryFormValues, { message });
        }
        toast.error(text.addTitle, { description: errorMessage(error) });
      },
    });
  };

  const timeSelect = (name: 'timeFrom' | 'timeTo', placeholder: string, required: boolean) => (
    <FormField id={idOf(name)} label={name === 'timeFrom' ? text.timeFrom : text.timeTo} error={errors[name]?.message}>
      {(props) => (
        <select className={cn(fieldClassName, 'h-11')} aria-required={required || undefined} {...props} {...register(name)}>
          <option value="">{placeholder}</option>
          {SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <DialogForm
      title={text.addTitle}
      description={text.description}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      submitLabel={add.isPending ? messages.common.sending : text.add}
      submitDisabled={add.isPending}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={idOf('customerName')} label={text.name} error={errors.customerName?.message} className="sm:col-span-2">
          {(props) => <Input autoComplete="off" aria-required="true" className="h-11" {...props} {...register('customerName')} />}
        </FormField>
        <FormField id={idOf('customerPhone')} label={text.phone} error={errors.customerPhone?.message}>
          {(props) => <Input type="tel" autoComplete="off" aria-required="true" className="h-11" {...props} {...register('customerPhone')} />}
        </FormField>
        <FormField id={idOf('customerEmail')} label={text.email} error={errors.customerEmail?.message}>
          {(props) => <Input type="email" autoComplete="off" className="h-11" {...props} {...register('customerEmail')} />}
        </FormField>
        <FormField id={idOf('numberOfPeople')} label={text.people} error={errors.numberOfPeople?.message}>
          {(props) => <PartySizeSelect aria-required="true" {...props} {...register('numberOfPeople')} />}
        </FormField>
        <FormField id={idOf('reservationDate')} label={text.date} error={errors.reservationDate?.message}>
          {(props) => <Input type="date" min={today} aria-required="true" className="h-11" {...props} {...register('reservationDate')} />}
        </FormField>
        {timeSelect('timeFrom', messages.reservation.form.timePlaceholder, true)}
        {timeSelect('timeTo', messages.common.optional, false)}
        <FormField id={idOf('quotedWaitMinutes')} label={text.quotedWait} error={errors.quotedWaitMinutes?.message} className="sm:col-span-2">
          {(props) => (
            <WholeNumberInput
              min={0}
              max={WAITLIST_QUOTED_WAIT_MAX_MINUTES}
              className="h-11 sm:max-w-40"
              {...props}
              {...register('quotedWaitMinutes')}
            />
          )}
        </FormField>
      </div>
    </DialogForm>
  );
}
