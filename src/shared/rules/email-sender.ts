// Every email leaves as the restaurant's (issue 50, item 5; decision 056): its name as the sender's display name and
// in the subject, added after the subject staff or the spec wrote unless it is already there.
import { restaurantConfigDefaults } from '../defaults.ts';

/** The name emails carry: the restaurant's, or the default one while it is blank. */
export const senderName = (restaurant: string) => restaurant.trim() || restaurantConfigDefaults.name;

/** 'Reserva cancelada' → 'Reserva cancelada · Casa Pepa'; a subject that already names the restaurant is left as it is. */
export function subjectWithRestaurant(subject: string, restaurant: string): string {
  const name = senderName(restaurant);
  return subject.toLocaleLowerCase('es').includes(name.toLocaleLowerCase('es')) ? subject : `${subject} · ${name}`;
}
