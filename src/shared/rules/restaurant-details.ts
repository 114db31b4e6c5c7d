// The restaurant's details as guests read them: the weekly hours line of the landing's footer (the server's
// schema.org markup groups the days the same way) and the address's map link.
import { formatMessage, messages } from '../messages.ts';
import type { DayHours } from './availability.ts';

export type WeekdayHours = DayHours & { dayOfWeek: number };

/** Days that open at the same times, one after the other; `spans` are [opens, closes] pairs. */
export interface OpeningGroup {
  days: number[];
  spans: Array<[string, string]>;
}

/** The words the hours line is built from: Spanish unless a guest page passes its language's. */
export interface HoursTexts {
  readonly weekdays: readonly string[];
  readonly dayRange: string;
  readonly dayPair: string;
  readonly span: string;
  readonly spanJoin: string;
  readonly groupJoin: string;
}
/** Fills a text's placeholders: `formatMessage` for Spanish, the guest pages' ICU formatter for the others. */
type FormatText = (text: string, values: Record<string, string | number>) => string;
/** Monday first, as a week reads in Spain. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** The day's open spans: its hours, or the two around its break. */
const spansOf = (day: WeekdayHours): Array<[string, string]> =>
  day.breakStartTime && day.breakEndTime
    ? [
        [day.openTime, day.breakStartTime],
        [day.breakEndTime, day.closeTime],
      ]
    : [[day.openTime, day.closeTime]];

/** Runs of consecutive open days with the same spans; a closed or missing day ends a run. */
export function openingGroups(week: readonly WeekdayHours[]): OpeningGroup[] {
  const groups: OpeningGroup[] = [];
  let last: OpeningGroup | null = null;
  for (const dayOfWeek of WEEK) {
    const day = week.find((hours) => hours.dayOfWeek === dayOfWeek);
    if (!day?.isOpen) {
      last = null;
      continue;
    }
    const spans = spansOf(day);
    if (last && String(last.spans) === String(spans)) last.days.push(dayOfWeek);
    else groups.push((last = { days: [dayOfWeek], spans }));
  }
  return groups;
}

function daysText(days: number[], f: HoursTexts, format: FormatText): string {
  const first = f.weekdays[days[0]!]!;
  const last = f.weekdays[days[days.length - 1]!]!;
  return days.length === 1 ? first : format(days.length === 2 ? f.dayPair : f.dayRange, { first, last });
}

/** 'Martes a domingo de 13:00 a 18:00' for the default hours; '' when no day opens. */
export function openingHoursLine(
  week: readonly WeekdayHours[],
  f: HoursTexts = messages.landing.footer,
  format: FormatText = formatMessage,
): string {
  const line = openingGroups(week)
    .map(({ days, spans }) => `${daysText(days, f, format)} ${spans.map(([open, close]) => format(f.span, { open, close })).join(f.spanJoin)}`)
    .join(f.groupJoin);
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** Mondays closed by policy unless their row says otherwise (a database check keeps it closed today). */
export const mondaysClosed = (week: readonly WeekdayHours[]) => !week.some((day) => day.dayOfWeek === 1 && day.isOpen);

/** A plain link to OpenStreetMap's search for the address: no map script on the page. */
export const mapSearchUrl = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
