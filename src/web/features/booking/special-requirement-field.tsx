import type { UseFormRegisterReturn } from 'react-hook-form';
import { SPECIAL_REQUIREMENT_FORBIDDEN_SHOWN, SPECIAL_REQUIREMENT_MAX_LENGTH } from '@shared/limits';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';

/** 'Peticiones especiales (opcional)' with its counter; a refused character adds which ones are not allowed. */
export function SpecialRequirementField({ registration, note, error }: { registration: UseFormRegisterReturn; note: string; error: string | undefined }) {
  const { texts, format } = useGuestTexts();
  const validation = texts.reservation.validation;
  const invalidCharacters = error === validation.specialRequirementInvalid;
  return (
    <FormField
      id="booking-note"
      label={texts.reservation.form.specialRequirement}
      error={error}
      errorNote={invalidCharacters ? format(validation.specialRequirementCharacters, { characters: SPECIAL_REQUIREMENT_FORBIDDEN_SHOWN }) : undefined}
      hint={format(texts.reservation.form.specialRequirementCounter, { count: note.length })}
      className="sm:col-span-2"
    >
      {(a11y) => <Textarea {...a11y} {...registration} maxLength={SPECIAL_REQUIREMENT_MAX_LENGTH} rows={3} />}
    </FormField>
  );
}
