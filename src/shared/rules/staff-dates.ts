// The one way a staff email writes a date (issue 52): 'sábado 5 de diciembre, 21:00', Madrid's wall clock in Spanish.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { BUSINESS_TIME_ZONE } from '../limits.ts';
import { madridInstant } from './madrid-time.ts';

const DAY = "EEEE d 'de' MMMM";

/** An instant as Madrid's clocks show it: 'sábado 5 de diciembre, 21:00'. */
export function staffDateTimeOf(instant: Date): string {
  return format(new TZDate(instant, BUSINESS_TIME_ZONE), `${DAY}, HH:mm`, { locale: es });
}

/** A booking's calendar date and wall-clock time ('2026-12-05', '21:00'): 'sábado 5 de diciembre, 21:00'. */
export function staffDateTime(date: string, time: string): string {
  return staffDateTimeOf(madridInstant(date, time));
}

/** A calendar date alone ('2026-12-05'): 'sábado 5 de diciembre'. */
export function staffDate(date: string): string {
  return format(new TZDate(madridInstant(date, '12:00'), BUSINESS_TIME_ZONE), DAY, { locale: es });
}
