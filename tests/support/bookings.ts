import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';
import type { TestApp } from './test-app.ts';

/** An open day (not Monday) a week or so after the real today, inside the public window, at the default hours. */
export function openDayNextWeek(): string {
  let date = addDays(madridToday(new Date()), 7);
  while (dayOfWeek(date) === 1) date = addDays(date, 1);
  return date;
}

/**
 * A valid public booking request (POST /api/public/reservations): a party of 2 on an open day next week at 14:00, with
 * its own id and guest email; `overrides` set what the test cares about (a clock-bound file passes its date).
 */
export function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    customerName: 'Lucía Fernández',
    customerPhone: '+34 600 123 456',
    customerEmail: `guest-${randomUUID().slice(0, 8)}@example.com`,
    numberOfPeople: 2,
    reservationDate: openDayNextWeek(),
    reservationTime: '14:00',
    specialRequirement: '',
    privacyConsent: true,
    ...overrides,
  };
}

/**
 * A valid manual booking (staff's 'Nueva reserva manual', POST /api/admin/reservations or /api/v1/reservations): a
 * party of 2 on `date` at 14:00, the duplicate warning already answered; `overrides` set what the test cares about.
 */
export function manualBookingBody(date: string, overrides: Record<string, unknown> = {}) {
  return {
    customerName: 'Marta Ruiz',
    customerPhone: '600 222 333',
    numberOfPeople: 2,
    reservationDate: date,
    reservationTime: '14:00',
    confirmDuplicate: true,
    ...overrides,
  };
}

/** A valid public request with its own guest email, at one of the default slots (13:00-16:00). */
export function publicBooking(date: string, index: number) {
  return bookingBody({
    customerName: 'Invitada Compartida',
    customerEmail: `guest-${index}-${randomUUID().slice(0, 8)}@example.com`,
    reservationDate: date,
    reservationTime: `${13 + (index % 4)}:00`,
  });
}

let addresses = 0;
/**
 * An address no other request of this worker's files has had (10.100.0.1 onwards; one counter for every file, as the
 * API files share a module graph per worker). Each booking from a guest address of its own, as a real burst comes from
 * many guests: the rate limits and the bot check (past five requests from one address, a proof of work, decision 027)
 * count per address. A server started with TRUST_PROXY reads it from x-forwarded-for.
 */
export function freshAddress(): string {
  const n = addresses++;
  return `10.${100 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** POSTs the request to a listening server over the network, as the guest's browser does. */
export function postBooking(baseUrl: string, body: object): Promise<Response> {
  return fetch(`${baseUrl}/api/public/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': freshAddress() },
    body: JSON.stringify(body),
  });
}

/**
 * A guest's request through the public form (POST /api/public/reservations), from an address of its own: bookingBody
 * with `overrides` (or with what a function of the new booking's id returns, for an email made from it). Returns the
 * id once the server has taken the booking (201).
 */
export async function bookAsGuest(
  app: Pick<TestApp, 'request'>,
  overrides: Record<string, unknown> | ((id: string) => Record<string, unknown>) = {},
): Promise<string> {
  const id = randomUUID();
  const response = await app.request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: freshAddress(),
    payload: bookingBody({ id, ...(typeof overrides === 'function' ? overrides(id) : overrides) }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return id;
}
