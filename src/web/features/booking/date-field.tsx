import { type Ref, Suspense, useState } from 'react';
import type { BookingCalendar } from '@shared/schemas/reservation';
import { FieldError, fieldIds } from '@web/components/ui/form-field';
import { fieldClassName } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { useMonthAvailability } from './api/get-month-availability';
import { longDate } from './calendar-dates';

const ID = 'booking-date';

// The calendar (react-day-picker and date-fns, about 22 KB gzipped) is a chunk of its own, loaded as the guest
// points at, focuses or opens the field: the guest page's first load stays within its budget (PERFORMANCE.md).
const DateCalendar = preloadableLazy(() => import('./date-calendar').then((module) => ({ default: module.DateCalendar })));
const preloadCalendar = () => void DateCalendar.preload().catch(() => undefined);

interface DateFieldProps {
  value: string;
  onChange(date: string): void;
  people: number;
  calendar: BookingCalendar;
  error: string | undefined;
  /** react-hook-form's ref: focusing the field focuses its button. */
  buttonRef: Ref<HTMLButtonElement>;
}

/**
 * 'Fecha': a button showing the chosen day that opens the month calendar below it, and under it the window's first
 * day with a time for the party, which one click picks.
 */
export function DateField({ value, onChange, people, calendar, error, buttonRef }: DateFieldProps) {
  const { texts, language, format } = useGuestTexts();
  const text = texts.reservation.calendar;
  const [open, setOpen] = useState(false);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const { errorId, describedBy } = fieldIds(ID, { error: Boolean(error) });
  const { data } = useMonthAvailability(calendar.today.slice(0, 7), people);
  const firstOpenDay = data?.people === people ? data.firstOpenDay : undefined;

  function close() {
    setOpen(false);
    button?.focus();
  }
  function pick(date: string) {
    onChange(date);
    close();
  }

  return (
    <div className="flex min-w-0 flex-col gap-1.5 sm:col-span-2">
      <span id={`${ID}-label`} className="text-sm font-medium leading-none">
        {texts.reservation.form.date}
      </span>
      <button
        ref={(element) => {
          setButton(element);
          if (typeof buttonRef === 'function') buttonRef(element);
        }}
        id={ID}
        type="button"
        aria-labelledby={`${ID}-label ${ID}-value`}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error)}
        aria-expanded={open}
        aria-controls={`${ID}-calendar`}
        onPointerEnter={preloadCalendar}
        onFocus={preloadCalendar}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className={cn(fieldClassName, 'flex h-10 items-center justify-between text-left', !value && 'text-muted-foreground')}
      >
        <span id={`${ID}-value`}>{value ? longDate(value, language) : text.choose}</span>
        <CalendarIcon />
      </button>
      {open && (
        <div id={`${ID}-calendar`}>
          <Suspense fallback={<p className="text-sm text-muted-foreground">{text.loading}</p>}>
            <DateCalendar labelId={`${ID}-label`} value={value} onChange={pick} onDismiss={close} people={people} calendar={calendar} />
          </Suspense>
        </div>
      )}
      <FieldError id={errorId}>{error}</FieldError>
      {firstOpenDay === null && <p className="text-sm text-muted-foreground">{text.noOpenDay}</p>}
      {firstOpenDay && (
        <button
          type="button"
          onClick={() => pick(firstOpenDay)}
          className="min-h-11 self-start text-left text-sm font-medium text-brand underline underline-offset-4"
        >
          {format(text.firstOpenDay, { date: longDate(firstOpenDay, language) })}
        </button>
      )}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 fill-none stroke-current stroke-2">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
