import { describe, expect, it } from 'vitest';
import { operatingHoursDefaults } from '../defaults.ts';
import { messages } from '../messages.ts';
import { mapSearchUrl, mondaysClosed, openingGroups, openingHoursLine, type WeekdayHours } from './restaurant-details.ts';

/** The default week with some days changed (0 Sunday … 6 Saturday). */
function week(changes: Record<number, Partial<WeekdayHours>> = {}): WeekdayHours[] {
  return operatingHoursDefaults.map((day) => ({ ...day, ...changes[day.dayOfWeek] }));
}
const withBreak = { openTime: '13:00', breakStartTime: '16:00', breakEndTime: '20:00', closeTime: '23:30' };

describe('openingHoursLine', () => {
  it('reads exactly as the spec with the default hours', () => {
    expect(openingHoursLine(operatingHoursDefaults)).toBe(messages.landing.footer.hours);
    expect(openingHoursLine(operatingHoursDefaults)).toBe('Martes a domingo de 13:00 a 18:00');
  });

  it('names both spans of a day with a break', () => {
    const all = Object.fromEntries([0, 2, 3, 4, 5, 6].map((day) => [day, withBreak]));
    expect(openingHoursLine(week(all))).toBe('Martes a domingo de 13:00 a 16:00 y de 20:00 a 23:30');
  });

  it('groups consecutive days with the same hours, a pair with "y", and leaves closed days out', () => {
    expect(openingHoursLine(week({ 3: { isOpen: false }, 5: withBreak, 6: withBreak }))).toBe(
      'Martes de 13:00 a 18:00; jueves de 13:00 a 18:00; viernes y sábado de 13:00 a 16:00 y de 20:00 a 23:30; domingo de 13:00 a 18:00',
    );
    expect(openingHoursLine(week({ 2: { isOpen: false }, 3: { isOpen: false }, 0: { closeTime: '16:00' } }))).toBe(
      'Jueves a sábado de 13:00 a 18:00; domingo de 13:00 a 16:00',
    );
  });

  it('starts the week on Monday when Monday opens', () => {
    expect(openingHoursLine(week({ 1: { isOpen: true } }))).toBe('Lunes a domingo de 13:00 a 18:00');
  });

  it('is empty when no day opens, in any order of rows', () => {
    expect(openingHoursLine(week(Object.fromEntries([0, 2, 3, 4, 5, 6].map((day) => [day, { isOpen: false }]))))).toBe('');
    expect(openingHoursLine([])).toBe('');
    expect(openingHoursLine([...operatingHoursDefaults].reverse())).toBe(messages.landing.footer.hours);
  });
});

describe('openingGroups', () => {
  it('gives the days, Monday first, and the spans of each run', () => {
    expect(openingGroups(week({ 0: withBreak }))).toEqual([
      { days: [2, 3, 4, 5, 6], spans: [['13:00', '18:00']] },
      { days: [0], spans: [['13:00', '16:00'], ['20:00', '23:30']] },
    ]);
  });
});

describe('mondaysClosed', () => {
  it('is true unless Monday’s row opens', () => {
    expect(mondaysClosed(operatingHoursDefaults)).toBe(true);
    expect(mondaysClosed([])).toBe(true);
    expect(mondaysClosed(week({ 1: { isOpen: true } }))).toBe(false);
  });
});

describe('mapSearchUrl', () => {
  it('searches OpenStreetMap for the address, URL-encoded', () => {
    expect(mapSearchUrl('Calle Mayor 5, 28013 Madrid')).toBe(
      'https://www.openstreetmap.org/search?query=Calle%20Mayor%205%2C%2028013%20Madrid',
    );
    expect(mapSearchUrl('Plaça d’Espanya & "Sants" #3/4?x=1')).toBe(
      'https://www.openstreetmap.org/search?query=Pla%C3%A7a%20d%E2%80%99Espanya%20%26%20%22Sants%22%20%233%2F4%3Fx%3D1',
    );
  });
});
