import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidDate, isValidTime } from './madrid-time.ts';
import { importAllergens, importDate, importPartySize, importTime } from './import-values.ts';

describe('importDate', () => {
  it('reads ISO, Spanish day-first dates and Excel serial numbers', () => {
    expect(importDate('2026-12-25')).toBe('2026-12-25');
    expect(importDate('2026-12-25T21:30:00Z')).toBe('2026-12-25');
    expect(importDate('25/12/2026')).toBe('2026-12-25');
    expect(importDate(' 5/1/27 ')).toBe('2027-01-05');
    expect(importDate('25-12-2026')).toBe('2026-12-25');
    expect(importDate('25.12.2026')).toBe('2026-12-25');
    expect(importDate('25/12/2026 21:30')).toBe('2026-12-25');
    expect(importDate('46016')).toBe('2025-12-25');
    expect(importDate('46016,875')).toBe('2025-12-25');
  });

  it('refuses what is not a date rather than guessing', () => {
    for (const cell of ['', 'mañana', '31/02/2026', '12/25/2026', '2026/12/25', '99999', '123', '25/12']) expect(importDate(cell), cell).toBeNull();
  });

  it('answers a valid date or null for any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (cell) => {
      const date = importDate(cell);
      return date === null || isValidDate(date);
    }));
  });
});

describe('importTime', () => {
  it('reads the ways exports and people write a time', () => {
    const cases: Record<string, string> = {
      '21:30': '21:30',
      '21.30': '21:30',
      '21:30h': '21:30',
      '21:30 h': '21:30',
      '21h30': '21:30',
      '21 h': '21:00',
      '9:30': '09:30',
      '21:30:00': '21:30',
      '9:30 PM': '21:30',
      '12 a.m.': '00:00',
      '12:15 pm': '12:15',
      '0.895833333': '21:30',
      ',5': '12:00',
      '2026-12-25T21:30:00': '21:30',
      '25/12/2026 14:00': '14:00',
    };
    for (const [cell, time] of Object.entries(cases)) expect(importTime(cell), cell).toBe(time);
  });

  it('refuses what is not a time', () => {
    for (const cell of ['', 'noche', '25:00', '21:75', '13 PM', '2130']) expect(importTime(cell), cell).toBeNull();
  });

  it('answers a valid time or null for any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (cell) => {
      const time = importTime(cell);
      return time === null || isValidTime(time);
    }));
  });
});

describe('importPartySize', () => {
  it('reads a party with or without its word, and adults plus children', () => {
    expect(importPartySize('8')).toBe(8);
    expect(importPartySize('8 pax')).toBe(8);
    expect(importPartySize('8pax')).toBe(8);
    expect(importPartySize('4 personas')).toBe(4);
    expect(importPartySize('1 persona')).toBe(1);
    expect(importPartySize('6 Comensales')).toBe(6);
    expect(importPartySize('2 + 1')).toBe(3);
    for (const cell of ['', '0', 'cuatro', '-2', '4.5', '1000']) expect(importPartySize(cell), cell).toBeNull();
  });
});

describe('importAllergens', () => {
  it('recognises the 14 allergens from Spanish and English words, in the Regulation order', () => {
    expect(importAllergens('Celíaco, sin lactosa')).toEqual(['gluten', 'milk']);
    expect(importAllergens('alergia a los FRUTOS SECOS y al marisco')).toEqual(['crustaceans', 'nuts']);
    expect(importAllergens('nuts; shellfish; sesame')).toEqual(['crustaceans', 'nuts', 'sesame']);
    expect(importAllergens('Sulfitos (vino)')).toEqual(['sulphites']);
    expect(importAllergens('prefiere mesa junto a la ventana')).toEqual([]);
    // A word inside another is no match: 'pescadería' is not 'pescado'.
    expect(importAllergens('trabaja en una pescadería')).toEqual([]);
  });
});
