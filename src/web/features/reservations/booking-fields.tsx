import type { ComponentProps, ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { ADMIN_PARTY_MAX, ADMIN_PARTY_MIN } from '@shared/limits';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { adminSlots } from '@shared/rules/slots';
import { GUEST_REQUEST_FIELDS } from '@shared/schemas/guest-request-fields';
import { Button } from '@web/components/ui/button';
import { type FieldControlProps, FormField } from '@web/components/ui/form-field';
import { fieldClassName, Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/cn';

const text = staffMessages.admin.manualReservation;
const SLOTS = adminSlots();
/** The party sizes staff may choose (1-30). */
const PARTY_SIZES = Array.from({ length: ADMIN_PARTY_MAX - ADMIN_PARTY_MIN + 1 }, (_, index) => ADMIN_PARTY_MIN + index);

/** What the controls of a staff booking hold: strings, the party size included; the shared schema parses them. */
export interface BookingFormValues {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  numberOfPeople: string;
  reservationDate: string;
  reservationTime: string;
  notes: string;
}

export const BOOKING_FIELDS = [...GUEST_REQUEST_FIELDS, 'notes'] as const satisfies readonly (keyof BookingFormValues)[];

interface BookingFieldsProps {
  register: UseFormRegister<BookingFormValues>;
  errors: FieldErrors<BookingFormValues>;
  idOf: (name: keyof BookingFormValues) => string;
  /** The earliest date the picker offers. */
  minDate: string;
  /** What each half hour says beyond its time (the manual form: 'Fuera de horario', the covers booked). */
  timeLabel?: ((slot: string) => string) | undefined;
}

/** Name, phone, email, party, date, time and note: the manual reservation and 'Editar reserva' ask the same. */
export function BookingFields({ register, errors, idOf, minDate, timeLabel }: BookingFieldsProps) {
  const field = (name: keyof BookingFormValues, label: string, control: (props: FieldControlProps) => ReactNode, className?: string) => (
    <FormField id={idOf(name)} label={label} error={errors[name]?.message} className={className}>
      {control}
    </FormField>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field(
        'customerName',
        text.name,
        (props) => <Input autoComplete="off" aria-required="true" {...props} {...register('customerName')} />,
        'sm:col-span-2',
      )}
      {field('customerPhone', text.phone, (props) => (
        <Input type="tel" autoComplete="off" aria-required="true" {...props} {...register('customerPhone')} />
      ))}
      {field('customerEmail', text.email, (props) => <Input type="email" autoComplete="off" {...props} {...register('customerEmail')} />)}
      {field('numberOfPeople', text.people, (props) => <PartySizeSelect {...props} {...register('numberOfPeople')} />)}
      {field('reservationDate', text.date, (props) => (
        <Input type="date" min={minDate} aria-required="true" {...props} {...register('reservationDate')} />
      ))}
      {field('reservationTime', text.time, (props) => (
        <select className={cn(fieldClassName, 'h-10')} aria-required="true" {...props} {...register('reservationTime')}>
          <option value="">{messages.reservation.form.timePlaceholder}</option>
          {SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {timeLabel ? timeLabel(slot) : slot}
            </option>
          ))}
        </select>
      ))}
      {field('notes', text.notes, (props) => <Textarea maxLength={1000} {...props} {...register('notes')} />, 'sm:col-span-2')}
    </div>
  );
}

/** The party size (1-30) of the staff forms. */
export function PartySizeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select className={cn(fieldClassName, 'h-11', className)} {...props}>
      {PARTY_SIZES.map((count) => (
        <option key={count} value={count}>
          {count}
        </option>
      ))}
    </select>
  );
}

/** 'Guardar igualmente' next to the server's reason: a closed day or time, or a covers maximum (issue 19). */
export function SaveAnyway({ message, disabled, onSave }: { message: string; disabled: boolean; onSave: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
      <p className="min-w-0 flex-1">{message}</p>
      <Button variant="outline" disabled={disabled} onClick={onSave}>
        {text.saveAnyway}
      </Button>
    </div>
  );
}
