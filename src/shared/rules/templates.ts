// The variables of the message templates (spec point 3) and how a reservation fills them.
import { DEFAULT_LANGUAGE, type Language, languageLocales } from '../i18n/languages.ts';
import { formatMessage } from '../messages.ts';
import { boundedMemo } from './bounded-memo.ts';

export interface TemplateReservation {
  customerName: string;
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
}

/**
 * Intl's es-ES long date is date-fns' "EEEE, d 'de' MMMM 'de' yyyy" letter for letter (checked day by day for
 * 2020-2030) and costs /admin no bundle; read in UTC, the calendar date stays itself whatever the machine's zone.
 */
const longDates = new Map<Language, Intl.DateTimeFormat>();
const longDateFormat = (language: Language) => {
  let format = longDates.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(languageLocales[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    longDates.set(language, format);
  }
  return format;
};

/** 'sábado, 28 de noviembre de 2026' ('Saturday 28 November 2026' in English): a calendar date, no time zone. */
export function formatLongDate(date: string, language: Language = DEFAULT_LANGUAGE): string {
  return longDate(`${language} ${date}`);
}

const longDate = boundedMemo(1024, (languageAndDate) => {
  const [language, date] = languageAndDate.split(' ') as [Language, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return longDateFormat(language).format(new Date(Date.UTC(year, month - 1, day)));
});

/** Every variable a template may use: the long names of the welcome email and the short ones of the reminders. */
export function templateValues(
  reservation: TemplateReservation,
  restaurantName: string,
  language: Language = DEFAULT_LANGUAGE,
): Record<string, string | number> {
  const date = formatLongDate(reservation.reservationDate, language);
  return {
    customerName: reservation.customerName,
    restaurantName,
    reservationDate: date,
    reservationTime: reservation.reservationTime,
    numberOfPeople: reservation.numberOfPeople,
    name: reservation.customerName,
    date,
    time: reservation.reservationTime,
    people: reservation.numberOfPeople,
  };
}

/** A staff-editable template filled for a reservation: plain {name} substitution, not ICU (staff write free text). */
export function fillTemplate(template: string, reservation: TemplateReservation, restaurantName: string, language?: Language): string {
  return formatMessage(template, templateValues(reservation, restaurantName, language));
}

/** A sample reservation for previews and test notifications: a Saturday dinner for four. */
export const SAMPLE_RESERVATION: TemplateReservation = {
  customerName: 'María García',
  reservationDate: '2026-12-05',
  reservationTime: '14:00',
  numberOfPeople: 4,
};

const TEMPLATE_VARIABLES = new Set(Object.keys(templateValues(SAMPLE_RESERVATION, '')));

/** The {names} of a template that no reservation fills: the editor warns about them; rendering leaves them as written. */
export function unknownTemplateVariables(template: string): string[] {
  const names = Array.from(template.matchAll(/\{(\w+)\}/g), (match) => match[1]!);
  return [...new Set(names.filter((name) => !TEMPLATE_VARIABLES.has(name)))];
}
