import { describe, expect, it } from 'vitest';
import { senderName, subjectWithRestaurant } from './email-sender.ts';

describe('subjectWithRestaurant', () => {
  it("adds the restaurant's name after a subject without it", () => {
    expect(subjectWithRestaurant('Reserva cancelada', 'Casa Pepa')).toBe('Reserva cancelada · Casa Pepa');
    expect(subjectWithRestaurant('Recordatorio: tu reserva es mañana', ' Mesón Ñandú ')).toBe('Recordatorio: tu reserva es mañana · Mesón Ñandú');
  });

  it('leaves a subject that already names the restaurant, in any case', () => {
    expect(subjectWithRestaurant('Reserva confirmada · Casa Pepa', 'Casa Pepa')).toBe('Reserva confirmada · Casa Pepa');
    expect(subjectWithRestaurant('¿Qué tal tu visita a CASA PEPA?', 'Casa Pepa')).toBe('¿Qué tal tu visita a CASA PEPA?');
  });

  it('names the default restaurant while the name is blank', () => {
    expect(senderName('  ')).toBe('Mi Restaurante');
    expect(subjectWithRestaurant('Reserva cancelada', '')).toBe('Reserva cancelada · Mi Restaurante');
  });
});
