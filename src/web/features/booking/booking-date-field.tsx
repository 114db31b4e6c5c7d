import { BOOKING_WINDOW_DAYS } from '@shared/limits';
import { addDays, madridToday } from '@shared/rules/madrid-time';
import type { BookingCalendar } from '@shared/schemas/reservation';
import { useBookingCalendar } from './api/get-booking-calendar';
import { DateField } from './date-field';

/**
 * Without the calendar (the request failed) a form still works with the window computed here and the Monday rule;
 * the availability of the picked date and the server still refuse a closed day.
 */
export function fallbackCalendar(): BookingCalendar {
  const today = madridToday(new Date());
  return { today, lastDay: addDays(today, BOOKING_WINDOW_DAYS), closedDates: [], openedMondays: [], reservationsPaused: false, messagingChannel: null, largestParty: null };
}

/** The booking form's 'Fecha' and month calendar, with the booking calendar it reads: the guest's change form (issue 50). */
export function BookingDateField({ value, onChange, people }: { value: string; onChange(date: string): void; people: number }) {
  const calendar = useBookingCalendar();
  return <DateField value={value} onChange={onChange} people={people} calendar={calendar.data ?? fallbackCalendar()} error={undefined} buttonRef={null} />;
}
