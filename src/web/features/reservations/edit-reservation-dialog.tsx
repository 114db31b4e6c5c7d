import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/lazy-toaster';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { madridToday } from '@shared/rules/madrid-time';
import type { z } from 'zod';
import { type AdminReservation, manualReservationSchema } from '@shared/schemas/staff-reservation';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { TableChoice } from '@web/features/tables/reservation-table-choice';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { type ReservationEdit, useEditReservation } from './api/edit-reservation';
import { BOOKING_FIELDS, BookingFields, type BookingFormValues, SaveAnyway } from './booking-fields';
import { useUndoableToast } from '@web/features/undo/undo-toast';

const text = staffMessages.admin.edit;

type Booking = z.output<typeof manualReservationSchema>;

// The fields are the manual reservation's; the revision the form was filled from and the tables are added on saving.
const resolver = zodResolver(manualReservationSchema) as unknown as Resolver<BookingFormValues, unknown, Booking>;
/** Refusals staff may save past: a closed day or time, a covers maximum. */
const OVERRIDABLE = new Set(['closed', 'slot_full', 'day_full']);

function formOf(reservation: AdminReservation): BookingFormValues {
  return {
    customerName: reservation.customerName,
    customerPhone: reservation.customerPhone ?? '',
    customerEmail: reservation.customerEmail ?? '',
    numberOfPeople: String(reservation.numberOfPeople),
    reservationDate: reservation.reservationDate,
    reservationTime: reservation.reservationTime,
    notes: reservation.adminNotes ?? '',
  };
}

/** 'Editar reserva' on the card of a pending or confirmed reservation (issue 19). */
export function EditReservation({ reservation, describedBy }: { reservation: AdminReservation; describedBy: string }) {
  const [open, setOpen] = useState(false);
  // A walk-in's minute and missing phone do not fit the booking form; it is re-seated, completed or cancelled instead.
  if ((reservation.status !== 'pending' && reservation.status !== 'confirmed') || reservation.source === 'walk_in') return null;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" aria-describedby={describedBy}>
          {text.open}
        </Button>
      }
    >
      {/* A newer revision (another staff member's change, or this form's stale answer) starts the form afresh. */}
      <EditReservationForm key={reservation.revision} reservation={reservation} onDone={() => setOpen(false)} />
    </FormDialog>
  );
}

function EditReservationForm({ reservation, onDone }: { reservation: AdminReservation; onDone: () => void }) {
  const form = useForm<BookingFormValues, unknown, Booking>({ resolver, defaultValues: formOf(reservation) });
  const { register, handleSubmit, setError, formState, control } = form;
  const [date, time, people] = useWatch({ control, name: ['reservationDate', 'reservationTime', 'numberOfPeople'] });
  const edit = useEditReservation();
  const showUndoable = useUndoableToast();
  const baseId = useId();
  const [tableIds, setTableIds] = useState<string[] | undefined>(undefined);
  const [refusal, setRefusal] = useState<{ message: string; values: ReservationEdit } | null>(null);

  const submit = (values: Booking) => save({ ...values, revision: reservation.revision, ...(tableIds ? { tableIds } : {}) });
  const save = (values: ReservationEdit) =>
    void edit.mutateAsync({ id: reservation.id, edit: values }).then(
      (changed) => {
        showUndoable(text.saved, changed, changed.customerName);
        for (const warning of changed.tableWarnings ?? []) toast.warning(warning);
        onDone();
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError && OVERRIDABLE.has(error.code)) {
          setRefusal({ message: error.message, values });
          return;
        }
        for (const [name, message] of Object.entries(error instanceof ApiRequestError ? (error.fields ?? {}) : {})) {
          if ((BOOKING_FIELDS as readonly string[]).includes(name)) setError(name as keyof BookingFormValues, { message });
        }
        toast.error(text.failed, { description: errorMessage(error) });
      },
    );

  return (
    <DialogForm
      title={text.title}
      description={text.description}
      onSubmit={(event) => {
        setRefusal(null);
        void handleSubmit(submit)(event);
      }}
      submitLabel={edit.isPending ? messages.common.sending : text.submit}
      submitDisabled={edit.isPending}
      onCancel={onDone}
    >
      <BookingFields
        register={register}
        errors={formState.errors}
        idOf={(name) => `${baseId}-${name}`}
        minDate={madridToday(new Date())}
      />
      <TableChoice reservation={reservation} at={{ date, time, people: Number(people) }} legend={text.tables} onChange={setTableIds} />
      {refusal && (
        <SaveAnyway message={refusal.message} disabled={edit.isPending} onSave={() => save({ ...refusal.values, override: true })} />
      )}
    </DialogForm>
  );
}
