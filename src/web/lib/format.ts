// How the screens write dates, times, sizes and shares (es-ES, Madrid); the long date is the emails' own. The guest
// pages pass their language for dates; the back office's figures stay Spanish.
import type { FirstScreenTexts } from '@shared/i18n/first-screen-texts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages';
import { BUSINESS_TIME_ZONE } from '@shared/limits';
import { messages } from '@shared/messages';
import { addDays } from '@shared/rules/madrid-time';
import { formatLongDate } from '@shared/rules/templates';

/** The long date ('sábado, 28 de noviembre de 2026'), the emails' own; a guest page passes its language. */
export { formatLongDate };

/** '2026-11-24' → '24/11/2026'. */
export function formatShortDate(date: string): string {
  const [year = '', month = '', day = ''] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** 'Hoy', 'Mañana' or the long weekday date (the pending alerts dialog); in a guest's language when given its texts. */
export function relativeDayLabel(
  date: string,
  today: string,
  { common, language }: { common: Pick<FirstScreenTexts['common'], 'today' | 'tomorrow'>; language: Language } = {
    common: messages.common,
    language: DEFAULT_LANGUAGE,
  },
): string {
  if (date === today) return common.today;
  if (date === addDays(today, 1)) return common.tomorrow;
  return formatLongDate(date, language);
}

/** Stored times may carry seconds ('13:30:00'); the screens show 'HH:mm'. */
export function formatTime(time: string): string {
  return time.slice(0, 5);
}

const dateTimeFormat = new Intl.DateTimeFormat('es-ES', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** An ISO instant as the restaurant reads it: es-ES, Madrid time ("5/3/25, 14:07:09"). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

const sizeFormats = {
  byte: new Intl.NumberFormat('es-ES', { style: 'unit', unit: 'byte', unitDisplay: 'short' }),
  kilobyte: new Intl.NumberFormat('es-ES', { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 1 }),
  megabyte: new Intl.NumberFormat('es-ES', { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }),
};

/** A file size as the owner reads it: "850 B", "12,4 kB", "3,1 MB" (powers of 1000, as file managers show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return sizeFormats.byte.format(bytes);
  if (bytes < 1_000_000) return sizeFormats.kilobyte.format(bytes / 1000);
  return sizeFormats.megabyte.format(bytes / 1_000_000);
}

const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });

/** 0.3333 → '33,3 %'. */
export function formatRate(rate: number): string {
  return percent.format(rate);
}
