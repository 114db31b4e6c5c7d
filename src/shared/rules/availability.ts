// Whether a date can be booked and which of its half-hour slots are free: one rule for the form, the server's
// create check and the admin views.
import { BOOKING_WINDOW_DAYS } from '../limits.ts';
import { firstScreenTextsEs } from '../i18n/first-screen-texts.ts';
import { closedTextKeys } from '../i18n/closed-day-texts.ts';
import { textAt } from '../i18n/text-keys.ts';
import { addDays, isMonday, madridNowTime, madridToday, timeToMinutes } from './madrid-time.ts';
import { isTimeInWindow, type PauseWindow, timeSlots } from './slots.ts';

export interface DayHours {
  isOpen: boolean;
  openTime: string;
  closeTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
}

export interface TimeBlock {
  startTime: string;
  endTime: string;
}

export interface AvailabilityInput {
  date: string;
  now: Date;
  /** restaurant_config: the opening/closing used when the weekday has no operating_hours row, and the global switch. */
  openingTime: string;
  closingTime: string;
  reservationsPaused: boolean;
  /** The operating_hours row of the date's weekday, if any. */
  hours: DayHours | null;
  mondayOpened: boolean;
  closedDay: boolean;
  timeBlocks: readonly TimeBlock[];
  /** Today's active pause; it only applies when `date` is today. */
  pause: PauseWindow | null;
}

export const DAY_CLOSURES = ['paused_all', 'closed_day', 'monday', 'closed_weekday'] as const;
/** Why a date inside the booking window takes no bookings. */
export type DayClosure = (typeof DAY_CLOSURES)[number];
export type DayClosedReason = 'past' | 'beyond_window' | DayClosure;
export type SlotUnavailableReason = 'past' | 'paused' | 'blocked';

export interface Slot {
  time: string;
  available: boolean;
  reason: SlotUnavailableReason | null;
}

export interface Availability {
  date: string;
  bookable: boolean;
  closedReason: DayClosedReason | null;
  /** Spanish title and text for a closed day, as the form shows them. */
  closedTitle: string | null;
  closedMessage: string | null;
  slots: Slot[];
}

function closed(date: string, reason: DayClosedReason): Availability {
  const keys = closedTextKeys[reason];
  const [closedTitle, closedMessage] = [textAt(firstScreenTextsEs, keys.title), textAt(firstScreenTextsEs, keys.message)];
  return { date, bookable: false, closedReason: reason, closedTitle, closedMessage, slots: [] };
}

type ClosureInput = Pick<AvailabilityInput, 'date' | 'reservationsPaused' | 'closedDay' | 'mondayOpened' | 'hours'>;

/** Every reason a date inside the booking window takes no bookings (the staff's banners name them all). */
export function dayClosures(input: ClosureInput): DayClosure[] {
  const reasons: DayClosure[] = [];
  if (input.reservationsPaused) reasons.push('paused_all');
  if (input.closedDay) reasons.push('closed_day');
  // An opened Monday keeps its own row's hours, open or not (closed by policy, but its hours are still configured).
  if (isMonday(input.date)) {
    if (!input.mondayOpened) reasons.push('monday');
  } else if (input.hours && !input.hours.isOpen) reasons.push('closed_weekday');
  return reasons;
}

function dayClosedReason(input: AvailabilityInput, today: string): DayClosedReason | null {
  if (input.date < today) return 'past';
  if (input.date > addDays(today, BOOKING_WINDOW_DAYS)) return 'beyond_window';
  return dayClosures(input)[0] ?? null;
}

/** The date's times inside its hours, its break left out. An opened Monday keeps its own row's times. */
function openTimes(input: Pick<AvailabilityInput, 'hours' | 'openingTime' | 'closingTime'>): string[] {
  const openTime = input.hours?.openTime ?? input.openingTime;
  const closeTime = input.hours?.closeTime ?? input.closingTime;
  const breakStart = input.hours?.breakStartTime ?? null;
  const breakEnd = input.hours?.breakEndTime ?? null;
  return timeSlots(openTime, closeTime).filter((time) => !(breakStart && breakEnd && inHalfOpen(time, breakStart, breakEnd)));
}

/** Why the restaurant is closed then, for staff booking by hand: a closed day, or a time outside the day's hours. */
export type StaffClosure = Exclude<DayClosure, 'paused_all'> | 'outside_hours';

/**
 * The closure a manual reservation at `time` would fall into, null when the restaurant is open then. Pauses and time
 * blocks stop guests' requests only, so they are not closures here (issue 19).
 */
export function staffClosure(input: Omit<AvailabilityInput, 'now' | 'pause' | 'timeBlocks'>, time: string): StaffClosure | null {
  const day = dayClosures({ ...input, reservationsPaused: false })[0];
  if (day && day !== 'paused_all') return day;
  return openTimes(input).includes(time) ? null : 'outside_hours';
}

/** A break and a time block cover [start, end): the slot at their end time is free again. */
const inHalfOpen = (time: string, start: string, end: string) =>
  timeToMinutes(start) <= timeToMinutes(time) && timeToMinutes(time) < timeToMinutes(end);

export function computeAvailability(input: AvailabilityInput): Availability {
  const today = madridToday(input.now);
  const reason = dayClosedReason(input, today);
  if (reason) return closed(input.date, reason);

  const isToday = input.date === today;
  const nowTime = madridNowTime(input.now);
  const pause = isToday && input.pause && input.pause.isActive !== false ? input.pause : null;

  const slots = openTimes(input)
    .map((time): Slot => {
      let slotReason: SlotUnavailableReason | null = null;
      if (isToday && timeToMinutes(time) <= timeToMinutes(nowTime)) slotReason = 'past';
      else if (pause && isTimeInWindow(time, pause.startTime, pause.endTime)) slotReason = 'paused';
      else if (input.timeBlocks.some((block) => inHalfOpen(time, block.startTime, block.endTime))) slotReason = 'blocked';
      return { time, available: slotReason === null, reason: slotReason };
    });
  return { date: input.date, bookable: true, closedReason: null, closedTitle: null, closedMessage: null, slots };
}
