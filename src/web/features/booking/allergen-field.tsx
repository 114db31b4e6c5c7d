import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ALLERGENS } from '@shared/limits';
import { CheckOption } from '@web/components/ui/check-option';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';

/**
 * 'Alergias o intolerancias' (issue 22): the 14 allergens of EU Regulation 1169/2011 as checkboxes, folded away
 * until the guest opens it, so the spec's form stays as short as it was.
 */
export function AllergenField({ registration }: { registration: UseFormRegisterReturn<'allergens'> }) {
  const { texts } = useGuestTexts();
  const text = texts.reservation.form;
  const hintId = useId();
  const summaryId = useId();
  return (
    <details className="rounded-md border px-3 py-2 sm:col-span-2">
      <summary id={summaryId} className="flex min-h-11 cursor-pointer items-center text-sm font-medium">
        {text.allergens}
      </summary>
      <fieldset aria-labelledby={summaryId} aria-describedby={hintId} className="flex flex-col gap-1 pb-1">
        <p id={hintId} className="text-xs text-muted-foreground">
          {text.allergensHint}
        </p>
        <div className="grid grid-cols-1 gap-x-4 min-[400px]:grid-cols-2">
          {ALLERGENS.map((code) => (
            <CheckOption key={code} label={texts.allergens[code]} value={code} {...registration} />
          ))}
        </div>
      </fieldset>
    </details>
  );
}
