import { describe, expect, it } from 'vitest';
import { fillTemplate, formatLongDate, SAMPLE_RESERVATION, templateValues, unknownTemplateVariables } from './templates.ts';

const reservation = { customerName: 'Lucía Ferrer', reservationDate: '2026-11-28', reservationTime: '21:30', numberOfPeople: 6 };

describe('formatLongDate', () => {
  it('spells a calendar date out in Spanish', () => {
    expect(formatLongDate('2026-11-28')).toBe('sábado, 28 de noviembre de 2026');
    expect(formatLongDate('2027-01-01')).toBe('viernes, 1 de enero de 2027');
  });
});

describe('fillTemplate', () => {
  it('fills every variable, the long names and the short ones', () => {
    const template =
      '{customerName}|{restaurantName}|{reservationDate}|{reservationTime}|{numberOfPeople}|{name}|{date}|{time}|{people}';
    expect(fillTemplate(template, reservation, 'Casa Pepe')).toBe(
      'Lucía Ferrer|Casa Pepe|sábado, 28 de noviembre de 2026|21:30|6|Lucía Ferrer|sábado, 28 de noviembre de 2026|21:30|6',
    );
  });

  it('fills a variable each time it appears', () => {
    expect(fillTemplate('{time} y {time}', reservation, 'X')).toBe('21:30 y 21:30');
  });

  it('leaves unknown variables and lone braces as written', () => {
    expect(fillTemplate('Hola {nombre}, {time} {} {Time} { time } {', reservation, 'X')).toBe('Hola {nombre}, 21:30 {} {Time} { time } {');
  });

  it('fills in one pass: a value that looks like a variable stays as the guest wrote it', () => {
    const hostile = { ...reservation, customerName: '{time} {restaurantName}' };
    expect(fillTemplate('{name} a las {time}', hostile, 'Casa')).toBe('{time} {restaurantName} a las 21:30');
  });

  it('keeps replacement patterns in values literal', () => {
    for (const name of ['$&', "$'", '$`', '$1', '$$']) {
      expect(fillTemplate('[{name}]', { ...reservation, customerName: name }, 'X')).toBe(`[${name}]`);
    }
    expect(fillTemplate('{restaurantName}', reservation, '$& Co')).toBe('$& Co');
  });

  it('is plain text: markup in values and templates is left for the email layout to escape', () => {
    const filled = fillTemplate('<b>{name}</b>', { ...reservation, customerName: '<script>alert(1)</script>' }, 'X');
    expect(filled).toBe('<b><script>alert(1)</script></b>');
  });
});

describe('templateValues', () => {
  it('offers exactly the documented variables', () => {
    expect(Object.keys(templateValues(SAMPLE_RESERVATION, 'X')).sort()).toEqual(
      ['customerName', 'date', 'name', 'numberOfPeople', 'people', 'reservationDate', 'reservationTime', 'restaurantName', 'time'],
    );
  });
});

describe('unknownTemplateVariables', () => {
  it('is empty when every variable is known', () => {
    expect(unknownTemplateVariables('{customerName} {restaurantName} {reservationDate} {reservationTime} {numberOfPeople}')).toEqual([]);
    expect(unknownTemplateVariables('{name} {date} {time} {people}')).toEqual([]);
    expect(unknownTemplateVariables('Sin variables')).toEqual([]);
  });

  it('lists each unknown name once, in order of appearance', () => {
    expect(unknownTemplateVariables('{nombre} {time} {hora} {nombre} {Time}')).toEqual(['nombre', 'hora', 'Time']);
  });

  it('ignores braces that do not hold a name', () => {
    expect(unknownTemplateVariables('{} { time } {a-b} {')).toEqual([]);
  });
});
