import { isValidTime } from './madrid-time.ts';

/** The daily cron expression of a report time: '09:30' → '30 9 * * *'; null for anything that is not HH:MM. */
export function dailyCronExpression(time: string): string | null {
  if (!isValidTime(time)) return null;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${minutes} ${hours} * * *`;
}
