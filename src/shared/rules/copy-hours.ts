import type { OperatingHoursPatch } from '../schemas/settings';

/** Where one weekday's hours are copied: every other day, Monday to Friday, or Saturday and Sunday (decision 068). */
export const COPY_HOURS_TARGETS = ['all', 'weekdays', 'weekend'] as const;
export type CopyHoursTarget = (typeof COPY_HOURS_TARGETS)[number];

const WEEKDAYS = [1, 2, 3, 4, 5];
const WEEKEND = [6, 0];
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * The days (0 Sunday … 6 Saturday) that receive `source`'s hours, `source` itself left out. Monday is a weekday
 * even though it stays closed: its times are the ones a Monday opened by exception uses.
 */
export function copyHoursDays(source: number, target: CopyHoursTarget): number[] {
  const days = target === 'all' ? ALL_DAYS : target === 'weekdays' ? WEEKDAYS : WEEKEND;
  return days.filter((day) => day !== source);
}

interface DayTimes {
  openTime: string;
  closeTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
}

/** What a copy sends each day: the times and the break, never the open switch (a closed day stays closed). */
export function copiedHours({ openTime, closeTime, breakStartTime, breakEndTime }: DayTimes): OperatingHoursPatch {
  return { openTime, closeTime, breakStartTime, breakEndTime };
}
