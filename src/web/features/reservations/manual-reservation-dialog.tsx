import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/lazy-toaster';
import { ADMIN_PARTY_DEFAULT } from '@shared/limits';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { pacingWarning } from '@shared/rules/pacing';
import { manualReservationSchema } from '@shared/schemas/staff-reservation';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { CheckOption } from '@web/components/ui/check-option';
import { ApiRequestError } from '@web/lib/api';
import { BOOKING_FIELDS, BookingFields, type BookingFormValues, SaveAnyway } from './booking-fields';
import { useCreateManualReservation, type ManualReservation } from './api/create-manual-reservation';
import { useCoversPacing } from './api/get-covers-pacing';
import { useManualTimes } from './api/get-manual-times';
import { ManualTableChoice } from '@web/features/tables/manual-table-choice';

const text = staffMessages.admin.manualReservation;

/** The 409s staff may overrule, and what the request then says. */
const SAVE_ANYWAY: Record<string, Partial<ManualReservation> | undefined> = { closed: { override: true }, duplicate_booking: { confirmDuplicate: true } };

const resolver = zodResolver(manualReservationSchema) as unknown as Resolver<BookingFormValues, unknown, ManualReservation>;

function emptyForm(today: string): BookingFormValues {
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

/** A reservation taken by phone or at the door: created already confirmed, its guest emailed unless staff untick it. */
export function ManualReservationDialog({ open, onOpenChange, today }: ManualReservationDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <ManualReservationForm today={today} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ManualReservationForm({ today, onDone }: { today: string; onDone: () => void }) {
  const form = useForm<BookingFormValues, unknown, ManualReservation>({ resolver, defaultValues: emptyForm(today) });
  const { register, handleSubmit, setError, formState, control: formControl } = form;
  const [date, time, people, email] = useWatch({
    control: formControl,
    name: ['reservationDate', 'reservationTime', 'numberOfPeople', 'customerEmail'],
  });
  // 'Enviar confirmación al cliente': ticked, and offered only once an email is typed (decision 063).
  const [sendConfirmation, setSendConfirmation] = useState(true);
  // The tables staff tick (issue 52, item 3); none: the booking is seated as before.
  const [tableIds, setTableIds] = useState<ReadonlySet<string>>(new Set());
  const timeLabel = useTimeLabel(date);
  const hasEmail = (email ?? '').trim() !== '';
  const errors = formState.errors;
  const create = useCreateManualReservation();
  const baseId = useId();
  const idOf = (name: keyof BookingFormValues) => `${baseId}-${name}`;

  // A closed day or time (issue 19), or a guest already booked then (issue 41): the server's warning, and 'Guardar
  // igualmente' for that same date and time, sent again with the flag that answers that warning.
  const [warning, setWarning] = useState<{ message: string; retry: ManualReservation } | null>(null);
  const warningNow = warning && warning.retry.reservationDate === date && warning.retry.reservationTime === time ? warning : null;

  const onSubmit = (values: ManualReservation) => {
    if (values.reservationDate < today) {
      setError('reservationDate', { message: messages.reservation.validation.datePast }, { shouldFocus: true });
      return;
    }
    save(values);
  };
  // The box as it is now, also for 'Guardar igualmente' after a warning.
  const save = (values: ManualReservation) =>
    create.mutate({ ...values, sendConfirmation: values.customerEmail ? sendConfirmation : undefined, tableIds: tableIds.size > 0 ? [...tableIds] : undefined }, {
      onSuccess: (created) => {
        toast.success(staffMessages.admin.toasts.reservationCreated, {
          description: formatMessage(text.createdDescription, { name: values.customerName }),
        });
        if (created.pacingWarning) toast.warning(created.pacingWarning);
        if (created.tableWarning) toast.warning(created.tableWarning);
        onDone();
      },
      onError: (error) => {
        const answer = error instanceof ApiRequestError ? SAVE_ANYWAY[error.code] : undefined;
        if (answer) {
          setWarning({ message: error.message, retry: { ...values, ...answer } });
          return;
        }
        const fields = error instanceof ApiRequestError ? error.fields : undefined;
        for (const [name, message] of Object.entries(fields ?? {})) {
          if ((BOOKING_FIELDS as readonly string[]).includes(name)) setError(name as keyof BookingFormValues, { message });
        }
        toast.error(staffMessages.admin.errors.create, {
          description: error instanceof ApiRequestError ? error.message : staffMessages.admin.errors.createReservation,
        });
      },
    });

  return (
    <DialogForm
      title={text.title}
      description={text.description}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      submitLabel={create.isPending ? messages.common.sending : text.submit}
      submitDisabled={create.isPending}
      onCancel={onDone}
    >
      <BookingFields register={register} errors={errors} idOf={idOf} minDate={today} timeLabel={timeLabel} />
      <ManualTableChoice date={date} time={time} people={Number(people)} chosen={tableIds} onChange={setTableIds} />
      {hasEmail && (
        <CheckOption
          label={text.sendConfirmation}
          checked={sendConfirmation}
          onChange={(event) => setSendConfirmation(event.target.checked)}
        />
      )}
      <CoversPacingWarning date={date} time={time} people={Number(people)} />
      {warningNow && <SaveAnyway message={warningNow.message} disabled={create.isPending} onSave={() => save(warningNow.retry)} />}
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

/**
 * The time select's words for each half hour on the chosen date: every one stays selectable; those outside the day's
 * hours say 'Fuera de horario', and each the covers already booked then ('21:00 · 18 cubiertos'). Plain times until
 * the date's answer comes.
 */
function useTimeLabel(date: string): ((slot: string) => string) | undefined {
  const times = useManualTimes(date).data;
  if (!times) return undefined;
  const bySlot = new Map(times.map((entry) => [entry.time, entry]));
  return (slot) => {
    const entry = bySlot.get(slot);
    if (!entry) return slot;
    const covers = entry.covers === 1 ? text.timeCoversOne : formatMessage(text.timeCovers, { covers: entry.covers });
    return [slot, ...(entry.outsideHours ? [staffMessages.admin.affected.outsideHours] : []), covers].join(' · ');
  };
}
