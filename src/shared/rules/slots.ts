// Half-hour time slots and the daily pause window.
import { ADMIN_SLOTS_END, ADMIN_SLOTS_START, SLOT_MINUTES } from '../limits.ts';
import { minutesToTime, timeToMinutes } from './madrid-time.ts';

/** A pause window, both ends included. An inactive pause pauses nothing. */
export interface PauseWindow {
  startTime: string;
  endTime: string;
  isActive?: boolean;
}

function slotRange(startMinutes: number, lastMinutes: number, stepMinutes: number): string[] {
  if (!Number.isInteger(stepMinutes) || stepMinutes <= 0) throw new RangeError(`Invalid step: ${stepMinutes}`);
  const slots: string[] = [];
  for (let minutes = startMinutes; minutes <= lastMinutes; minutes += stepMinutes) slots.push(minutesToTime(minutes));
  return slots;
}

/**
 * Bookable slots from `start`, every `stepMinutes`, strictly before `end`:
 * 13:00-18:00 gives 13:00 … 17:30. The closing time itself is not offered, since a table is not booked at closing time.
 */
export function timeSlots(start: string, end: string, stepMinutes: number = SLOT_MINUTES): string[] {
  return slotRange(timeToMinutes(start), timeToMinutes(end) - 1, stepMinutes);
}

/** Slots of the manual-reservation and pause selects: 08:00 … 23:30, both included (32 slots). */
export function adminSlots(): string[] {
  return slotRange(timeToMinutes(ADMIN_SLOTS_START), timeToMinutes(ADMIN_SLOTS_END), SLOT_MINUTES);
}

const ADMIN_SLOT_SET: ReadonlySet<string> = new Set(adminSlots());

/** True for one of the half-hour slots staff may choose for a manual reservation or a pause. */
export function isAdminSlot(time: string): boolean {
  return ADMIN_SLOT_SET.has(time);
}

/** start ≤ time ≤ end; an inverted window (start after end) contains nothing. */
export function isTimeInWindow(time: string, start: string, end: string): boolean {
  const minutes = timeToMinutes(time);
  return timeToMinutes(start) <= minutes && minutes <= timeToMinutes(end);
}

/** The slots that fall inside the pause, in their original order; none when there is no active pause. */
export function pausedSlots(slots: readonly string[], pause: PauseWindow | null): string[] {
  if (pause === null || pause.isActive === false) return [];
  return slots.filter((slot) => isTimeInWindow(slot, pause.startTime, pause.endTime));
}
