// A closed day's title and text by their keys in the guest catalogue (decision 035): the server refuses a booking with
// them and the booking page shows them in the guest's language. Apart from rules/availability.ts so that the page
// reads them without the rule.
import type { DayClosedReason } from '../rules/availability.ts';
import type { FirstScreenTextKey } from './text-keys.ts';

/** A closed day's title and text, by why it is closed. */
export const closedTextKeys: Record<DayClosedReason, { title: FirstScreenTextKey; message: FirstScreenTextKey }> = {
  past: { title: 'reservation.dateRules.unavailableTitle', message: 'reservation.validation.datePast' },
  beyond_window: { title: 'reservation.dateRules.unavailableTitle', message: 'reservation.validation.dateOutOfWindow' },
  monday: { title: 'reservation.dateRules.unavailableTitle', message: 'reservation.dateRules.monday' },
  closed_day: { title: 'reservation.dateRules.unavailableTitle', message: 'reservation.dateRules.blockedDay' },
  closed_weekday: { title: 'reservation.dateRules.unavailableTitle', message: 'reservation.dateRules.blockedDay' },
  paused_all: { title: 'reservation.pausedTime.title', message: 'reservation.errors.reservationsPaused' },
};

/** The key of the text that refuses a booking on a closed day (a blocked day's when the reason is unknown). */
export const closedMessageKey = (reason: DayClosedReason | null): FirstScreenTextKey =>
  reason ? closedTextKeys[reason].message : 'reservation.dateRules.blockedDay';
