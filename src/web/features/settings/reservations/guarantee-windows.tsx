import { type FormEvent, useId, useState } from 'react';
import { formatMessage } from '@shared/messages';
import type { CardGuaranteeRules, GuaranteeWindow } from '@shared/schemas/card-guarantee';
import { cardGuaranteeMessages as text } from '@shared/staff-messages/payments';
import { operatingHoursMessages } from '@shared/staff-messages/settings';
import { Button } from '@web/components/ui/button';
import { FieldError, FormField } from '@web/components/ui/form-field';
import { fieldClassName, Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { SettingsSubsection } from '../fields/settings-subsection';
import type { SaveRules } from './card-guarantee-fields';
import { RemovableChips } from './removable-chips';

const WEEKDAYS = operatingHoursMessages.weekdays;
/** Monday first, as the week reads in Spain. */
const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

export const windowLabel = (window: GuaranteeWindow) =>
  formatMessage(text.window, { day: WEEKDAYS[window.weekday] ?? '', from: window.from, to: window.to });

/** The weekday and time windows ('Sábado 20:00–23:30'), added and removed one at a time. */
export function GuaranteeWindows({ rules, save }: { rules: CardGuaranteeRules; save: SaveRules }) {
  const ids = { weekday: useId(), from: useId(), to: useId(), error: useId() };
  const [weekday, setWeekday] = useState(6);
  const [from, setFrom] = useState('20:00');
  const [to, setTo] = useState('23:30');
  const [error, setError] = useState<string | undefined>(undefined);

  const add = (event: FormEvent) => {
    event.preventDefault();
    setError(save({ ...rules, windows: [...rules.windows, { weekday, from, to }] }));
  };

  return (
    <SettingsSubsection title={text.windowsTitle} hint={text.windowsHint}>
      <RemovableChips
        chips={rules.windows.map((window, index) => ({ key: String(index), label: windowLabel(window) }))}
        label={text.windowsTitle}
        emptyText={text.windowsEmpty}
        removeLabel={({ label }) => formatMessage(text.removeWindow, { window: label })}
        onRemove={(index) => setError(save({ ...rules, windows: rules.windows.filter((_, at) => String(at) !== index) }))}
      />
      <form noValidate onSubmit={add} className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <FormField id={ids.weekday} label={text.weekday} className="col-span-2 sm:col-span-1">
          {(control) => (
            <select {...control} value={weekday} onChange={(event) => setWeekday(Number(event.target.value))} className={cn(fieldClassName, 'h-11')}>
              {WEEKDAY_ORDER.map((day) => (
                <option key={day} value={day}>
                  {WEEKDAYS[day]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={ids.from} label={text.windowFrom}>
          {(control) => <Input {...control} type="time" value={from} onChange={(event) => setFrom(event.target.value)} className="h-11" />}
        </FormField>
        {/* The window's error stands under the whole form, where the grid does not move; the end time points to it. */}
        <FormField id={ids.to} label={text.windowTo}>
          {(control) => (
            <Input
              {...control}
              type="time"
              value={to}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? ids.error : undefined}
              onChange={(event) => setTo(event.target.value)}
              className="h-11"
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" className="col-span-2 sm:col-span-1">
          {text.addWindow}
        </Button>
      </form>
      <FieldError id={ids.error}>{error}</FieldError>
    </SettingsSubsection>
  );
}
