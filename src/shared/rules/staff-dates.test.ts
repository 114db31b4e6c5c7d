import { describe, expect, it } from 'vitest';
import { staffDate, staffDateTime, staffDateTimeOf } from './staff-dates.ts';

describe('staff email dates', () => {
  it("writes a booking's date and time as 'sábado 5 de diciembre, 21:00'", () => {
    expect(staffDateTime('2026-12-05', '21:00')).toBe('sábado 5 de diciembre, 21:00');
    expect(staffDateTime('2027-01-01', '09:05')).toBe('viernes 1 de enero, 09:05');
  });

  it("writes an instant in Madrid's time, whatever the offset (CET in winter, CEST in summer)", () => {
    expect(staffDateTimeOf(new Date('2026-12-05T20:00:00Z'))).toBe('sábado 5 de diciembre, 21:00');
    expect(staffDateTimeOf(new Date('2026-07-04T19:30:00Z'))).toBe('sábado 4 de julio, 21:30');
    // 23:30 UTC on the 5th is already the 6th in Madrid.
    expect(staffDateTimeOf(new Date('2026-12-05T23:30:00Z'))).toBe('domingo 6 de diciembre, 00:30');
  });

  it('keeps the wall-clock time across the DST changes', () => {
    expect(staffDateTime('2026-03-29', '20:00')).toBe('domingo 29 de marzo, 20:00');
    expect(staffDateTime('2026-10-25', '01:30')).toBe('domingo 25 de octubre, 01:30');
  });

  it('writes a calendar date alone as its day', () => {
    expect(staffDate('2026-12-05')).toBe('sábado 5 de diciembre');
    expect(staffDate('2026-10-25')).toBe('domingo 25 de octubre');
  });
});
