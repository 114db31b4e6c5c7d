import type { UseFormRegisterReturn } from 'react-hook-form';
import { PUBLIC_PARTY_MAX, PUBLIC_PARTY_MIN } from '@shared/limits';
import { beyondLargestParty } from '@shared/rules/beyond-largest-party';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';

const PEOPLE_OPTIONS = Array.from({ length: PUBLIC_PARTY_MAX - PUBLIC_PARTY_MIN + 1 }, (_, i) => PUBLIC_PARTY_MIN + i);

/** The spec's 1-12 select; the sizes over `largest` stay, marked '(llámanos)' (issue 50). */
export function PeopleSelect({ registration, largest, error }: { registration: UseFormRegisterReturn<'numberOfPeople'>; largest: number | null; error?: string | undefined }) {
  const { texts, format } = useGuestTexts();
  const text = texts.reservation.form;
  return (
    <FormField id="booking-people" label={text.people} error={error}>
      {(a11y) => (
        <select {...a11y} {...registration} className={cn(fieldClassName, 'h-10')}>
          {PEOPLE_OPTIONS.map((count) => {
            const size = count === 1 ? text.peopleOne : format(text.peopleMany, { count });
            return (
              <option key={count} value={count}>
                {beyondLargestParty(largest, count) ? `${size} ${text.callUs}` : size}
              </option>
            );
          })}
        </select>
      )}
    </FormField>
  );
}
