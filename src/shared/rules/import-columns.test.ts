import { describe, expect, it } from 'vitest';
import { guessImportField, guessImportMapping } from './import-columns.ts';

describe('guessImportField', () => {
  it('knows the usual Spanish and English headers, whatever their accents, case and punctuation', () => {
    expect(guessImportField('Teléfono')).toBe('phone');
    expect(guessImportField('MÓVIL')).toBe('phone');
    expect(guessImportField('E-mail')).toBe('email');
    expect(guessImportField('Nº Comensales')).toBe('people');
    expect(guessImportField('Pax')).toBe('people');
    expect(guessImportField('Fecha reserva')).toBe('date');
    expect(guessImportField('Hora')).toBe('time');
    expect(guessImportField('Apellidos')).toBe('lastName');
    expect(guessImportField('Alergias e intolerancias')).toBe('allergens');
    expect(guessImportField('Special requests')).toBe('notes');
    expect(guessImportField('Customer name')).toBe('name');
    expect(guessImportField('Importe')).toBeNull();
  });
});

describe('guessImportMapping', () => {
  it('gives each field to its first column only', () => {
    expect(guessImportMapping(['Nombre', 'Apellidos', 'Teléfono', 'Móvil', 'Email', 'Fecha', 'Hora', 'Pax', 'Notas', 'Mesa'])).toEqual([
      'name',
      'lastName',
      'phone',
      null,
      'email',
      'date',
      'time',
      'people',
      'notes',
      null,
    ]);
  });
});
