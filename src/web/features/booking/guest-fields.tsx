// The booking form's own fields that no other form shares: the guest's name and contact, and the preferred zone.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName, Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import type { BookingFormValues } from './form-values';

interface Registered {
  register: UseFormRegister<BookingFormValues>;
  fieldErrors: FieldErrors<BookingFormValues>;
}

export function ContactFields({ register, fieldErrors }: Registered) {
  const text = useGuestTexts().texts.reservation.form;
  return (
    <>
      <FormField id="booking-name" label={text.name} error={fieldErrors.customerName?.message}>
        {(a11y) => <Input {...a11y} {...register('customerName')} autoComplete="name" aria-required="true" />}
      </FormField>

      <FormField id="booking-phone" label={text.phone} error={fieldErrors.customerPhone?.message}>
        {(a11y) => (
          <Input {...a11y} {...register('customerPhone')} type="tel" inputMode="tel" autoComplete="tel" aria-required="true" />
        )}
      </FormField>

      <FormField id="booking-email" label={text.email} error={fieldErrors.customerEmail?.message}>
        {(a11y) => (
          <Input
            {...a11y}
            {...register('customerEmail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
          />
        )}
      </FormField>
    </>
  );
}

/** 'Por mesas' with two or more zones open online: the zone the guest would rather sit in. */
export function ZoneField({ register, fieldErrors, zones }: Registered & { zones: ReadonlyArray<{ id: string; name: string }> }) {
  const text = useGuestTexts().texts.reservation.form;
  if (zones.length < 2) return null;
  return (
    <FormField id="booking-zone" label={text.zone} error={fieldErrors.preferredZoneId?.message}>
      {(a11y) => (
        <select {...a11y} {...register('preferredZoneId')} className={cn(fieldClassName, 'h-10')}>
          <option value="">{text.noZonePreference}</option>
          {zones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
