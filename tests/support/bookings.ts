import { randomUUID } from 'node:crypto';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';

/** An open day (not Monday) a week or so after the real today, inside the public window, at the default hours. */
export function openDayNextWeek(): string {
  let date = addDays(madridToday(new Date()), 7);
  while (dayOfWeek(date) === 1) date = addDays(date, 1);
  return date;
}

/** A valid public request with its own guest email, at one of the default slots (13:00-16:00). */
export function publicBooking(date: string, index: number) {
  return {
    id: randomUUID(),
    customerName: 'Invitada Compartida',
    customerPhone: '+34 600 123 456',
    customerEmail: `guest-${index}-${randomUUID().slice(0, 8)}@example.com`,
    numberOfPeople: 2,
    reservationDate: date,
    reservationTime: `${13 + (index % 4)}:00`,
    specialRequirement: '',
    privacyConsent: true,
  };
}

let guests = 0;
/**
 * Each booking from a guest address of its own, as a real burst comes from many guests: a server started with
 * TRUST_PROXY reads it (past five requests from one address, the bot check asks for a proof of work, decision 027).
 */
export const guestAddress = () => `10.200.${Math.floor(++guests / 250) % 250}.${guests % 250}`;

/** POSTs the request to a listening server over the network, as the guest's browser does. */
export function postBooking(baseUrl: string, body: object): Promise<Response> {
  return fetch(`${baseUrl}/api/public/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': guestAddress() },
    body: JSON.stringify(body),
  });
}
