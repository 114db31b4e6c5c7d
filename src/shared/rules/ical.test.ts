import { describe, expect, it } from 'vitest';
import { buildIcs, type CalendarEvent, escapeText, foldLine, isoDuration } from './ical.ts';
import ICAL from 'ical.js';

const event: CalendarEvent = {
  uid: '3f1c0c6e-0000-4000-8000-000000000001@mesa.example.com',
  stamp: new Date('2026-11-24T10:05:09Z'),
  date: '2026-11-25',
  time: '13:30',
  durationMinutes: 90,
  summary: 'Reserva en Casa Pepe, Madrid',
  location: 'Calle Mayor 1; 28013 Madrid',
  description: 'Mesa para 4 personas\nGestione su reserva en el enlace.',
  url: 'https://mesa.example.com/reserva/abc',
  status: 'CONFIRMED',
  sequence: 0,
};

/** Unfolds per RFC 5545 §3.1: a CRLF followed by one space or tab is removed. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const lines = (ics: string) => unfold(ics).split('\r\n').filter(Boolean);
/** A property of the VEVENT (the VTIMEZONE has its own DTSTART lines). */
const property = (ics: string, name: string) =>
  lines(unfold(ics).split('BEGIN:VEVENT')[1]!).find((line) => line.split(/[;:]/)[0] === name) ??
  lines(ics).find((line) => line.split(/[;:]/)[0] === name);

describe('buildIcs', () => {
  const ics = buildIcs(event);

  it('uses CRLF line endings only and ends with one', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('is a published VCALENDAR 2.0 with a PRODID and one VEVENT', () => {
    const all = lines(ics);
    expect(all[0]).toBe('BEGIN:VCALENDAR');
    expect(all.at(-1)).toBe('END:VCALENDAR');
    expect(all).toContain('VERSION:2.0');
    expect(all).toContain('METHOD:PUBLISH');
    expect(property(ics, 'PRODID')).toMatch(/^PRODID:.+/);
    expect(all.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('carries the Madrid VTIMEZONE with its two yearly rules', () => {
    const block = unfold(ics).split('BEGIN:VTIMEZONE')[1]!.split('END:VTIMEZONE')[0]!;
    expect(block).toContain('TZID:Europe/Madrid');
    expect(block).toMatch(/BEGIN:DAYLIGHT\r\nTZOFFSETFROM:\+0100\r\nTZOFFSETTO:\+0200\r\nTZNAME:CEST/);
    expect(block).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
    expect(block).toMatch(/BEGIN:STANDARD\r\nTZOFFSETFROM:\+0200\r\nTZOFFSETTO:\+0100\r\nTZNAME:CET/);
    expect(block).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU');
  });

  it('places the start in Madrid time, the stamp in UTC, and the duration from the setting', () => {
    expect(property(ics, 'DTSTART')).toBe('DTSTART;TZID=Europe/Madrid:20261125T133000');
    expect(property(ics, 'DTSTAMP')).toBe('DTSTAMP:20261124T100509Z');
    expect(property(ics, 'DURATION')).toBe('DURATION:PT1H30M');
    expect(property(ics, 'UID')).toBe(`UID:${event.uid}`);
  });

  it('escapes text values and leaves out an empty location', () => {
    expect(property(ics, 'SUMMARY')).toBe('SUMMARY:Reserva en Casa Pepe\\, Madrid');
    expect(property(ics, 'LOCATION')).toBe('LOCATION:Calle Mayor 1\\; 28013 Madrid');
    expect(property(ics, 'DESCRIPTION')).toBe('DESCRIPTION:Mesa para 4 personas\\nGestione su reserva en el enlace.');
    expect(property(buildIcs({ ...event, location: '  ' }), 'LOCATION')).toBeUndefined();
  });

  it('writes the status and the sequence it is given', () => {
    expect(property(buildIcs({ ...event, status: 'CANCELLED' }), 'STATUS')).toBe('STATUS:CANCELLED');
    expect(property(buildIcs({ ...event, status: 'TENTATIVE' }), 'STATUS')).toBe('STATUS:TENTATIVE');
    expect(property(ics, 'STATUS')).toBe('STATUS:CONFIRMED');
    expect(property(ics, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(property(buildIcs({ ...event, sequence: 3 }), 'SEQUENCE')).toBe('SEQUENCE:3');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = buildIcs({ ...event, description: 'Añadir al calendario — ñandú '.repeat(12) });
    for (const line of long.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(property(long, 'DESCRIPTION')).toBe(`DESCRIPTION:${'Añadir al calendario — ñandú '.repeat(12).trim()}`);
  });
});

describe('pieces', () => {
  it('escapes backslash first', () => expect(escapeText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne'));
  it('leaves a short line alone', () => expect(foldLine('SUMMARY:x')).toBe('SUMMARY:x'));
  it('writes durations', () => {
    expect(isoDuration(30)).toBe('PT30M');
    expect(isoDuration(60)).toBe('PT1H');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(90)).toBe('PT1H30M');
  });
});

describe('an invitation read back by ical.js (a real RFC 5545 parser)', () => {
  /** The VEVENT with its times resolved through the file's own VTIMEZONE. */
  function parse(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    if (zone) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  }

  it('gives the text properties back unescaped', () => {
    const parsed = parse(buildIcs(event));
    expect(parsed.uid).toBe(event.uid);
    expect(parsed.summary).toBe(event.summary);
    expect(parsed.location).toBe(event.location);
    expect(parsed.description).toBe(event.description);
    expect(parsed.component.getFirstPropertyValue('url')).toBe(event.url);
  });

  it.each([
    ['winter (CET, UTC+1)', '2026-11-25', '13:30', '2026-11-25T12:30:00.000Z', '2026-11-25T14:00:00.000Z'],
    ['summer (CEST, UTC+2)', '2026-07-15', '21:00', '2026-07-15T19:00:00.000Z', '2026-07-15T20:30:00.000Z'],
    ['the day summer time starts', '2026-03-29', '14:00', '2026-03-29T12:00:00.000Z', '2026-03-29T13:30:00.000Z'],
    ['the day summer time ends', '2026-10-25', '14:00', '2026-10-25T13:00:00.000Z', '2026-10-25T14:30:00.000Z'],
  ])('places a %s reservation at the right instant, lasting the configured duration', (_, date, time, start, end) => {
    const parsed = parse(buildIcs({ ...event, date, time }));
    expect(parsed.startDate.zone?.tzid).toBe('Europe/Madrid');
    expect(parsed.startDate.toJSDate().toISOString()).toBe(start);
    expect(parsed.endDate.toJSDate().toISOString()).toBe(end);
  });

  it('marks a cancelled reservation as such', () => {
    const parsed = parse(buildIcs({ ...event, status: 'CANCELLED', sequence: 2 }));
    expect(parsed.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(parsed.sequence).toBe(2);
  });
});
