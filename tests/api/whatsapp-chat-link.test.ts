// Issue 46, item 5: every staff list carries, for a booking with a mobile number, a wa.me link that opens a chat with
// the guest in the staff's own WhatsApp, its first words in the guest's language; no provider needs configuring.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { configure, insertReservation } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

const clock = new ManualClock('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const { app, db } = useApiSuite({ owner: false, clock });
let cookie: string;

beforeAll(async () => {
  await configure(db(), { name: 'Casa Lola & Hijos' });
});
beforeEach(async () => {
  cookie = await app().signIn();
});

async function listed(path: string, id: string): Promise<AdminReservation> {
  const response = await app().request({ method: 'GET', url: `/api/admin/reservations/${path}`, cookie });
  expect(response.statusCode).toBe(200);
  const item = (response.json() as AdminReservation[]).find((reservation) => reservation.id === id);
  if (!item) throw new Error(`reservation ${id} not in ${path}`);
  return item;
}

const chat = (url: string | null | undefined) => {
  if (!url) return null;
  const parsed = new URL(url);
  return { origin: parsed.origin, number: parsed.pathname.slice(1), text: parsed.searchParams.get('text') };
};

describe('the WhatsApp chat link on staff cards', () => {
  it('opens a chat with the Spanish mobile, in Spanish, naming the restaurant and the booking', async () => {
    const row = await insertReservation(db(), { customerName: 'Ana Pérez', customerPhone: '612 34 56 78', reservationDate: TODAY, reservationTime: '21:30' });
    expect(chat((await listed('today', row.id)).whatsappUrl)).toEqual({
      origin: 'https://wa.me',
      number: '34612345678',
      text: 'Hola, Ana Pérez: te escribimos de Casa Lola & Hijos por tu reserva del martes, 24 de noviembre de 2026 a las 21:30.',
    });
  });

  it("writes in the guest's language and keeps a foreign number's own prefix", async () => {
    const row = await insertReservation(db(), { customerName: 'John Smith', customerPhone: '+44 7911 123456', language: 'en', reservationDate: '2026-11-26', reservationTime: '20:00' });
    const link = chat((await listed('upcoming', row.id)).whatsappUrl);
    expect(link?.number).toBe('447911123456');
    expect(link?.text).toMatch(/^Hello John Smith, this is Casa Lola & Hijos about your booking on .*26.* at 20:00\.$/);
  });

  it('gives none for a fixed line or a number that cannot be read', async () => {
    const fixed = await insertReservation(db(), { customerPhone: '912 345 678', reservationDate: TODAY });
    const unreadable = await insertReservation(db(), { customerPhone: '12345678', reservationDate: TODAY });
    expect((await listed('today', fixed.id)).whatsappUrl).toBeNull();
    expect((await listed('today', unreadable.id)).whatsappUrl).toBeNull();
  });
});
