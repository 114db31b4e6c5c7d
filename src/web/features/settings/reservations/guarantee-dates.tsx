import { type FormEvent, useId, useState } from 'react';
import { formatMessage } from '@shared/messages';
import type { CardGuaranteeRules } from '@shared/schemas/card-guarantee';
import { cardGuaranteeMessages as text } from '@shared/staff-messages/payments';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { formatLongDate } from '@web/lib/format';
import { SettingsSubsection } from '../fields/settings-subsection';
import type { SaveRules } from './card-guarantee-fields';
import { RemovableChips } from './removable-chips';

/** The dates the owner marks (24 and 31 December…), in date order, added and removed one at a time. */
export function GuaranteeDates({ rules, save }: { rules: CardGuaranteeRules; save: SaveRules }) {
  const dateId = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (rules.dates.includes(draft)) {
      setError(text.dateTwice);
      return;
    }
    const refused = save({ ...rules, dates: [...rules.dates, draft].sort() }, () => setDraft(draft));
    setError(refused);
    if (!refused) setDraft('');
  };

  return (
    <SettingsSubsection title={text.datesTitle} hint={text.datesHint}>
      <RemovableChips
        chips={rules.dates.map((date) => ({ key: date, label: formatLongDate(date) }))}
        label={text.datesTitle}
        emptyText={text.datesEmpty}
        removeLabel={({ label }) => formatMessage(text.removeDate, { date: label })}
        onRemove={(date) => setError(save({ ...rules, dates: rules.dates.filter((marked) => marked !== date) }))}
      />
      <form noValidate onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField id={dateId} label={text.date} error={error} className="sm:max-w-xs sm:flex-1">
          {(control) => <Input {...control} type="date" value={draft} onChange={(event) => setDraft(event.target.value)} className="h-11" />}
        </FormField>
        <Button type="submit" variant="outline" disabled={draft === ''} className="sm:mt-7">
          {text.addDate}
        </Button>
      </form>
    </SettingsSubsection>
  );
}
