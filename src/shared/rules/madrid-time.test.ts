import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareTime,
  dayOfWeek,
  existsInMadrid,
  isMonday,
  isValidDate,
  isValidTime,
  madridInstant,
  madridIsoDateTime,
  madridNowTime,
  madridToday,
  minutesToTime,
  timeToMinutes,
} from './madrid-time.ts';

const at = (iso: string) => new Date(iso);

describe('madridToday / madridNowTime around midnight', () => {
  it('switches day at 22:00Z in summer (CEST, UTC+2)', () => {
    expect(madridToday(at('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(madridNowTime(at('2026-07-14T21:59:59Z'))).toBe('23:59');
    expect(madridToday(at('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
    expect(madridNowTime(at('2026-07-14T22:00:00Z'))).toBe('00:00');
  });

  it('switches day at 23:00Z in winter (CET, UTC+1)', () => {
    expect(madridToday(at('2026-01-14T22:59:59Z'))).toBe('2026-01-14');
    expect(madridToday(at('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    expect(madridNowTime(at('2026-01-14T23:00:00Z'))).toBe('00:00');
  });

  it('is not the UTC date in the evening', () => {
    // 23:30Z on 31 December is already New Year in Madrid.
    expect(madridToday(at('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(madridNowTime(at('2026-12-31T23:30:00Z'))).toBe('00:30');
  });

  it('rejects an invalid instant', () => {
    expect(() => madridToday(new Date('nope'))).toThrow(RangeError);
  });
});

describe('spring DST change, 29 March 2026 (02:00 CET → 03:00 CEST at 01:00Z)', () => {
  it('reads the wall clock either side of the change', () => {
    expect(madridNowTime(at('2026-03-29T00:59:59Z'))).toBe('01:59');
    expect(madridNowTime(at('2026-03-29T01:00:00Z'))).toBe('03:00');
    expect(madridToday(at('2026-03-29T00:59:59Z'))).toBe('2026-03-29');
    expect(madridToday(at('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(madridToday(at('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    // After the change midnight is at 22:00Z.
    expect(madridToday(at('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(madridToday(at('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
  });

  it('madridInstant maps times either side of the gap with the right offset', () => {
    expect(madridInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(madridInstant('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(madridInstant('2026-03-29', '13:00').toISOString()).toBe('2026-03-29T11:00:00.000Z');
    expect(madridInstant('2026-03-28', '13:00').toISOString()).toBe('2026-03-28T12:00:00.000Z');
  });

  it('madridInstant puts the non-existent 02:30 after the gap (03:30 CEST)', () => {
    const instant = madridInstant('2026-03-29', '02:30');
    expect(instant.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(madridNowTime(instant)).toBe('03:30');
    expect(instant.getTime()).toBeGreaterThan(madridInstant('2026-03-29', '03:00').getTime());
  });

  it('addDays crosses the change by calendar days', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-03-30', -2)).toBe('2026-03-28');
  });
});

describe('autumn DST change, 25 October 2026 (03:00 CEST → 02:00 CET at 01:00Z)', () => {
  it('reads the wall clock either side of the change', () => {
    expect(madridNowTime(at('2026-10-25T00:59:59Z'))).toBe('02:59');
    expect(madridNowTime(at('2026-10-25T01:00:00Z'))).toBe('02:00');
    expect(madridToday(at('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(madridToday(at('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    // After the change midnight is at 23:00Z.
    expect(madridToday(at('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(madridToday(at('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('madridInstant picks the first of the repeated 02:30 (CEST)', () => {
    expect(madridInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(madridInstant('2026-10-25', '02:00').toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });

  it('madridInstant maps times outside the overlap with the right offset', () => {
    expect(madridInstant('2026-10-25', '01:59').toISOString()).toBe('2026-10-24T23:59:00.000Z');
    expect(madridInstant('2026-10-25', '03:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(madridInstant('2026-10-26', '00:00').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('addDays crosses the change by calendar days', () => {
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-10-26', -1)).toBe('2026-10-25');
  });
});

describe('existsInMadrid', () => {
  it('is false only inside the hour the spring change skips', () => {
    expect(existsInMadrid('2027-03-28', '02:30')).toBe(false);
    expect(existsInMadrid('2027-03-28', '02:00')).toBe(false);
    expect(existsInMadrid('2027-03-28', '02:59')).toBe(false);
    expect(existsInMadrid('2027-03-28', '01:59')).toBe(true);
    expect(existsInMadrid('2027-03-28', '03:00')).toBe(true);
    // The autumn hour happens twice: it exists.
    expect(existsInMadrid('2026-10-25', '02:30')).toBe(true);
    expect(existsInMadrid('2026-11-25', '02:30')).toBe(true);
  });
});

describe('madridInstant round trip', () => {
  it('gives back the same Madrid date and time for every half hour of a normal day', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
      const time = minutesToTime(minutes);
      const instant = madridInstant('2026-07-14', time);
      expect(madridToday(instant)).toBe('2026-07-14');
      expect(madridNowTime(instant)).toBe(time);
    }
  });

  it('rejects impossible input', () => {
    expect(() => madridInstant('2026-02-30', '13:00')).toThrow(RangeError);
    expect(() => madridInstant('2026-02-28', '24:00')).toThrow(RangeError);
  });
});

describe('madridIsoDateTime', () => {
  it('writes the wall time with the offset in force: +01:00 in winter, +02:00 in summer', () => {
    expect(madridIsoDateTime('2026-12-05', '14:00')).toBe('2026-12-05T14:00:00+01:00');
    expect(madridIsoDateTime('2026-07-14', '21:30')).toBe('2026-07-14T21:30:00+02:00');
    expect(new Date(madridIsoDateTime('2026-10-25', '02:30')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('moves a time the spring change skips past the gap, as madridInstant does', () => {
    expect(madridIsoDateTime('2026-03-29', '02:30')).toBe('2026-03-29T03:30:00+02:00');
  });
});

describe('addDays', () => {
  it('handles month, year and leap-year boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-07-14', 0)).toBe('2026-07-14');
  });

  it('adds the 90-day booking window', () => {
    expect(addDays('2026-11-23', 90)).toBe('2027-02-21');
  });

  it('rejects impossible dates and fractional days', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-07-14', 1.5)).toThrow(RangeError);
  });
});

describe('dayOfWeek / isMonday', () => {
  it('knows the weekday of known dates', () => {
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(dayOfWeek('2026-11-28')).toBe(6);
    expect(dayOfWeek('2026-03-29')).toBe(0);
    expect(dayOfWeek('2024-02-29')).toBe(4);
  });

  it('isMonday is true only on Mondays', () => {
    expect(isMonday('2026-11-23')).toBe(true);
    expect(isMonday('2026-11-24')).toBe(false);
    expect(isMonday('2026-11-22')).toBe(false);
    expect(isMonday('2026-10-26')).toBe(true);
  });

  it('rejects an impossible date', () => {
    expect(() => dayOfWeek('2026-13-01')).toThrow(RangeError);
  });
});

describe('isValidDate', () => {
  it('accepts real calendar dates', () => {
    expect(isValidDate('2026-02-28')).toBe(true);
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2000-02-29')).toBe(true);
    expect(isValidDate('2026-12-31')).toBe(true);
  });

  it('rejects impossible dates and other formats', () => {
    for (const bad of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-5',
      '26-01-05',
      '05/01/2026',
      '2026-01-05T00:00',
      ' 2026-01-05',
      '',
    ]) {
      expect(isValidDate(bad), bad).toBe(false);
    }
  });
});

describe('isValidTime', () => {
  it('accepts 00:00 to 23:59', () => {
    expect(isValidTime('00:00')).toBe(true);
    expect(isValidTime('13:30')).toBe(true);
    expect(isValidTime('23:59')).toBe(true);
  });

  it('rejects impossible times and other formats', () => {
    for (const bad of ['24:00', '23:60', '9:30', '09:5', '12:00:00', '1200', '-1:00', '']) {
      expect(isValidTime(bad), bad).toBe(false);
    }
  });
});

describe('time arithmetic', () => {
  it('converts between HH:mm and minutes', () => {
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('13:30')).toBe(810);
    expect(timeToMinutes('23:59')).toBe(1439);
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(810)).toBe('13:30');
    expect(minutesToTime(1439)).toBe('23:59');
  });

  it('rejects out-of-range values', () => {
    expect(() => timeToMinutes('24:00')).toThrow(RangeError);
    expect(() => minutesToTime(1440)).toThrow(RangeError);
    expect(() => minutesToTime(-1)).toThrow(RangeError);
    expect(() => minutesToTime(1.5)).toThrow(RangeError);
  });

  it('compares times by the clock, not by chance of the strings', () => {
    expect(compareTime('08:00', '13:00')).toBeLessThan(0);
    expect(compareTime('13:00', '08:00')).toBeGreaterThan(0);
    expect(compareTime('13:00', '13:00')).toBe(0);
    expect(() => compareTime('8:00', '13:00')).toThrow(RangeError);
  });
});
