import { useId } from 'react';
import { Clock } from 'lucide-react';
import { tableMessages } from '@shared/staff-messages/tables';
import { isValidDate, isValidTime, madridNowTime, madridToday } from '@shared/rules/madrid-time';
import { TABLE_STATES } from '@shared/rules/seating';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/components/ui/form-field';
import { cn } from '@web/lib/cn';
import { STATE_CLASSES, type Moment } from './occupancy';

const text = tableMessages.seating;

/** Now in Madrid, the same reading as the rest of the app. */
export function momentNow(): Moment {
  const now = new Date();
  return { date: madridToday(now), time: madridNowTime(now) };
}

/** The date and time the map shows (Madrid); a half-typed value keeps the last complete one. */
export function SeatingMoment({ moment, onChange }: { moment: Moment; onChange: (moment: Moment) => void }) {
  const dateId = useId();
  const timeId = useId();
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{text.moment}</legend>
      <FormField id={dateId} label={text.date}>
        {(control) => (
          <Input
            {...control}
            type="date"
            className="w-auto"
            value={moment.date}
            onChange={(event) => isValidDate(event.target.value) && onChange({ ...moment, date: event.target.value })}
          />
        )}
      </FormField>
      <FormField id={timeId} label={text.time}>
        {(control) => (
          <Input
            {...control}
            type="time"
            className="w-auto"
            value={moment.time}
            onChange={(event) => isValidTime(event.target.value) && onChange({ ...moment, time: event.target.value })}
          />
        )}
      </FormField>
      <Button variant="outline" onClick={() => onChange(momentNow())}>
        <Clock aria-hidden="true" />
        {text.now}
      </Button>
    </fieldset>
  );
}

export function SeatingLegend() {
  return (
    <ul aria-label={text.legend} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {TABLE_STATES.map((state) => (
        <li key={state} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('size-3.5 rounded-sm border-2', STATE_CLASSES[state])} />
          <span className="first-letter:uppercase">{text.states[state]}</span>
        </li>
      ))}
    </ul>
  );
}
