// An iCalendar (RFC 5545) file for one reservation: the guest's "Añadir al calendario" and the confirmation's
// attachment. The start is a Madrid wall-clock time with its VTIMEZONE, so calendars in any zone place it right.
import { BUSINESS_TIME_ZONE } from '../limits.ts';

export interface CalendarEvent {
  /** Globally unique and stable: `<reservation id>@<public host>`, so a second import updates the first. */
  uid: string;
  /** When the file was made (DTSTAMP, written in UTC). */
  stamp: Date;
  /** Madrid wall-clock start, 'yyyy-MM-dd' and 'HH:mm'. */
  date: string;
  time: string;
  durationMinutes: number;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  /** TENTATIVE until staff confirm: a calendar must not promise a table nobody has given. */
  status: CalendarStatus;
  /** Rises with every change of the reservation, so a calendar replaces the copy it imported before (§3.8.7.4). */
  sequence: number;
}

export type CalendarStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;
const PRODID = '-//Mesa//Reservas//ES';

/** Europe/Madrid since 1996: CET (+01:00) from the last Sunday of October, CEST (+02:00) from the last of March. */
const MADRID_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${BUSINESS_TIME_ZONE}`,
  `X-LIC-LOCATION:${BUSINESS_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Splits a content line into lines of at most 75 octets, never inside a UTF-8 character (§3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let currentOctets = 0;
  for (const char of line) {
    const octets = utf8Length(char);
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = '';
      currentOctets = 0;
    }
    current += char;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (value: number) => String(value).padStart(2, '0');

function utcStamp(instant: Date): string {
  return (
    `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

const localStamp = (date: string, time: string) => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

/** 90 → PT1H30M, 60 → PT1H, 30 → PT30M. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

export function buildIcs(event: CalendarEvent): string {
  const optional = (name: string, value: string | null | undefined) =>
    value && value.trim() ? [`${name}:${escapeText(value.trim())}`] : [];
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...MADRID_VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${BUSINESS_TIME_ZONE}:${localStamp(event.date, event.time)}`,
    `DURATION:${isoDuration(event.durationMinutes)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...optional('LOCATION', event.location),
    ...optional('DESCRIPTION', event.description),
    // A URI value, not TEXT: it is not escaped.
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
