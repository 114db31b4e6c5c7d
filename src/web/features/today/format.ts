import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { CLIENT_NOTE_PREFIX } from '@shared/limits';
import { messages } from '@shared/messages';
import { addDays } from '@shared/rules/madrid-time';

/** A 'yyyy-MM-dd' calendar date as a local Date at midnight, for display only. */
function calendarDate(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** 'martes, 24 de noviembre de 2026'. */
export function formatLongDate(date: string): string {
  return format(calendarDate(date), "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
}

/** '24/11/2026'. */
export function formatShortDate(date: string): string {
  return format(calendarDate(date), 'dd/MM/yyyy', { locale: es });
}

/** 'Hoy', 'Mañana' or the long weekday date (the pending alerts dialog). */
export function relativeDayLabel(date: string, today: string): string {
  if (date === today) return messages.common.today;
  if (date === addDays(today, 1)) return messages.common.tomorrow;
  return formatLongDate(date);
}

/** Stored times may carry seconds ('13:30:00'); the screens show 'HH:mm'. */
export function formatTime(time: string): string {
  return time.slice(0, 5);
}

export interface ReservationNote {
  fromClient: boolean;
  text: string;
}

/** A note written by the customer carries the '[Cliente]' prefix, which is not shown. Null when there is none. */
export function parseNote(adminNotes: string | null): ReservationNote | null {
  const note = adminNotes?.trim() ?? '';
  if (note === '') return null;
  if (note.startsWith(CLIENT_NOTE_PREFIX)) {
    const text = note.slice(CLIENT_NOTE_PREFIX.length).trim();
    return text === '' ? null : { fromClient: true, text };
  }
  return { fromClient: false, text: note };
}
