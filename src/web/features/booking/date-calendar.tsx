import { es } from 'date-fns/locale/es';
import { createContext, useContext, useState } from 'react';
import { type DayButtonProps, DayPicker, type Modifiers } from 'react-day-picker';
import { firstScreenTextsEs, type FirstScreenTexts } from '@shared/i18n/first-screen-texts';
import type { Language } from '@shared/i18n/languages';
import type { CalendarDay, CalendarDayReason } from '@shared/rules/calendar-days';
import type { BookingCalendar } from '@shared/schemas/reservation';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useMonthAvailability } from './api/get-month-availability';
import { calendarDateOf, closedReasonFromCalendar, isoDateOf, longDate } from './calendar-dates';

type CalendarTexts = FirstScreenTexts['reservation']['calendar'];

// The reasons are the catalogue's keys, the same in every language.
const REASONS = Object.keys(firstScreenTextsEs.reservation.calendar.closedReasons) as CalendarDayReason[];

/** A tap or click on a day that cannot be picked: a touch screen shows no hover title, so the calendar says why. */
const ClosedDayTapped = createContext<(date: Date) => void>(() => undefined);

export interface DateCalendarProps {
  /** The visible label's id: the calendar is a group named by it. */
  labelId: string;
  value: string;
  onChange(date: string): void;
  /** Escape: the calendar closes without a change. */
  onDismiss(): void;
  people: number;
  calendar: BookingCalendar;
}

/**
 * The booking date's month calendar (issue 25), a chunk of its own loaded when the guest opens it (date-field.tsx): days the guest cannot book are disabled, with the reason on hover
 * and in their accessible name, and said under the month when tapped; days full for the party are marked 'Completo'
 * and stay selectable (the waitlist). Until the month's states arrive, the closed dates and Mondays of the booking
 * calendar already disable their days, and the others show as loading.
 * Dates are wall-calendar days: a Date here is local midnight of a Madrid date, never an instant.
 */
export function DateCalendar({ labelId, value, onChange, onDismiss, people, calendar }: DateCalendarProps) {
  const { texts, language, dateLocale } = useGuestLanguage();
  const text = texts.reservation.calendar;
  const [month, setMonth] = useState(() => calendarDateOf((value || calendar.today).slice(0, 7) + '-01'));
  const monthKey = isoDateOf(month).slice(0, 7);
  const { data } = useMonthAvailability(monthKey, people);
  const monthLoaded = data?.month === monthKey;
  const days = new Map<string, CalendarDay>((monthLoaded ? data.days : []).map((day) => [day.date, day]));
  const [tapped, setTapped] = useState<string | null>(null);

  const reasonOf = (date: Date): CalendarDayReason | null => {
    const iso = isoDateOf(date);
    return days.get(iso)?.reason ?? closedReasonFromCalendar(iso, calendar);
  };
  const isFull = (date: Date) => days.get(isoDateOf(date))?.state === 'full';
  const byReason = Object.fromEntries(REASONS.map((reason) => [reason, (date: Date) => reasonOf(date) === reason]));
  const tappedReason = tapped ? reasonOf(calendarDateOf(tapped)) : null;
  const status = !monthLoaded ? text.loadingDays : tapped && tappedReason ? `${longDate(tapped, language)}: ${text.closedReasons[tappedReason]}` : '';

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onDismiss();
      }}
    >
      <ClosedDayTapped.Provider value={(date) => setTapped(isoDateOf(date))}>
      <DayPicker
        autoFocus
        mode="single"
        required
        selected={value ? calendarDateOf(value) : undefined}
        onSelect={(date) => onChange(isoDateOf(date))}
        month={month}
        onMonthChange={(next) => {
          setMonth(next);
          setTapped(null);
        }}
        startMonth={calendarDateOf(calendar.today)}
        endMonth={calendarDateOf(calendar.lastDay)}
        today={calendarDateOf(calendar.today)}
        disabled={(date) => reasonOf(date) !== null}
        modifiers={{ full: isFull, loading: (date: Date) => !monthLoaded && reasonOf(date) === null, ...byReason }}
        locale={dateLocale ?? es}
        weekStartsOn={1}
        labels={{
          labelDayButton: (date, modifiers) => dayLabel(date, modifiers, text, language),
          labelPrevious: () => text.previousMonth,
          labelNext: () => text.nextMonth,
          labelNav: () => text.navigation,
        }}
        components={{ DayButton: CalendarDayButton }}
        classNames={CLASS_NAMES}
        modifiersClassNames={CLOSED_CLASS_NAMES}
        className="w-full rounded-md border bg-card p-2"
      />
      </ClosedDayTapped.Provider>
      <p role="status" className="mt-1 min-h-5 text-sm text-muted-foreground">
        {status}
      </p>
      {days.size > 0 && [...days.values()].some((day) => day.state === 'full') && (
        <p className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
          <span aria-hidden="true" className="size-2 rounded-full bg-amber-700" />
          {text.fullLegend}
        </p>
      )}
    </div>
  );
}

function reasonIn(modifiers: Modifiers): CalendarDayReason | undefined {
  return REASONS.find((reason) => modifiers[reason]);
}

/** The day's accessible name: its long date, then 'Hoy', why it is closed or 'Completo'. */
function dayLabel(date: Date, modifiers: Modifiers, text: CalendarTexts, language: Language): string {
  const reason = reasonIn(modifiers);
  const parts = [longDate(isoDateOf(date), language)];
  if (modifiers.today) parts.unshift(text.today);
  if (reason) parts.push(text.closedReasons[reason]);
  else if (modifiers.full) parts.push(text.full);
  return parts.join(', ');
}

/**
 * The library's day button with the reason as a hover title and a mark under a full day's number. A day that cannot
 * be picked is aria-disabled rather than disabled, so that a tap on it reaches the calendar, which says why.
 */
function CalendarDayButton({ day, modifiers, children, disabled: _disabled, onClick, ...props }: DayButtonProps) {
  const text = useGuestLanguage().texts.reservation.calendar;
  const closedDayTapped = useContext(ClosedDayTapped);
  const reason = reasonIn(modifiers);
  const title = reason ? text.closedReasons[reason] : modifiers.full ? text.full : undefined;
  return (
    <button
      {...props}
      aria-disabled={modifiers.disabled || undefined}
      aria-busy={modifiers.loading || undefined}
      onClick={(event) => {
        onClick?.(event);
        if (modifiers.disabled) closedDayTapped(day.date);
      }}
      title={title}
      ref={(button) => {
        if (button && modifiers.focused && document.activeElement !== button) button.focus();
      }}
    >
      {children}
      {modifiers.full && !reason && <span aria-hidden="true" className="absolute bottom-1 size-1.5 rounded-full bg-amber-700" />}
    </button>
  );
}

// A closed day is struck through; a day outside the window is only greyed.
const STRUCK = '[&>button]:line-through';
const CLOSED_CLASS_NAMES = { monday: STRUCK, closed_day: STRUCK, closed_weekday: STRUCK, no_times: STRUCK, paused_all: STRUCK };

const CLASS_NAMES = {
  months: 'relative',
  month: 'w-full',
  month_caption: 'flex h-11 items-center justify-center font-semibold capitalize',
  nav: 'absolute inset-x-0 top-0 flex justify-between',
  button_previous:
    'inline-flex size-11 items-center justify-center rounded-md hover:bg-muted disabled:opacity-40 [&_svg]:size-4 [&_svg]:fill-current',
  button_next:
    'inline-flex size-11 items-center justify-center rounded-md hover:bg-muted disabled:opacity-40 [&_svg]:size-4 [&_svg]:fill-current',
  month_grid: 'w-full border-collapse',
  weekdays: '',
  weekday: 'pb-1 text-xs font-medium capitalize text-muted-foreground',
  week: '',
  day: 'p-0 text-center',
  day_button:
    'relative mx-auto flex size-10 items-center justify-center rounded-full text-sm font-medium hover:bg-muted focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand aria-disabled:cursor-not-allowed aria-disabled:font-normal aria-disabled:text-muted-foreground aria-disabled:hover:bg-transparent aria-busy:animate-pulse aria-busy:text-muted-foreground',
  selected: '[&>button]:bg-brand [&>button]:text-brand-foreground [&>button]:hover:bg-brand',
  today: '[&>button]:ring-1 [&>button]:ring-foreground/40',
  outside: 'invisible',
  hidden: 'invisible',
  footer: 'mt-2 text-sm',
};
