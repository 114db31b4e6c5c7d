import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, reservations, waitlistEntries, waitlistOffers } from '../../src/server/db/schema.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { configure, insertReservation, uniqueEmail } from '../support/factories.ts';
import { parseEmail } from '../support/smtp-peer.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Issue 50, item 7: the offer's page once expired or accepted, its expiry email, and the entry's page while an offer
// is open. Tuesday 24 November 2026, 11:00 in Madrid; the list is for Wednesday 25 at 13:30, which holds 4 covers.
const NOW = '2026-11-24T10:00:00Z';
const DATE = '2026-11-25';
const TIME = '13:30';
const { app, db, clock } = useApiSuite({ owner: false, at: NOW, outboxPollMs: 50 });
let staff: string;

// No SMTP: mail goes through the outbox to the .eml sink in DATA_DIR/outbox, as the guest would receive it.
beforeEach(async () => {
  staff = await app().signIn();
  await db().delete(waitlistEntries);
  await db().delete(reservations);
  await configure(db(), { maxCoversPerSlot: 4, maxCoversPerDay: null, autoConfirmationEnabled: false });
});

const get = (url: string) => app().request({ method: 'GET', url, remoteAddress: freshAddress() });
const post = (url: string) => app().request({ method: 'POST', url, remoteAddress: freshAddress() });

/** A party of 4 waiting for the full 13:30, then offered it when the booking that filled it is cancelled. */
async function offeredParty() {
  const booked = await insertReservation(db(), { reservationDate: DATE, reservationTime: TIME, numberOfPeople: 4, status: 'confirmed', customerEmail: uniqueEmail() });
  const body = bookingBody({
    customerPhone: '+34 600 111 222',
    customerEmail: uniqueEmail('oferta'),
    numberOfPeople: 4,
    reservationDate: DATE,
    reservationTime: TIME,
  });
  expect((await app().request({ method: 'POST', url: '/api/public/waitlist', payload: body, remoteAddress: freshAddress() })).statusCode).toBe(201);
  const cancelled = await app().request({ method: 'PATCH', url: `/api/admin/reservations/${booked.id}/status`, cookie: staff, payload: { status: 'cancelled', reason: 'Llamó' } });
  expect(cancelled.statusCode).toBe(200);
  await waitFor(async () => (await db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, body.id))).length === 1);
  return body;
}

/** The token of the newest email of `kind` to `to`, as delivered. */
async function linkIn(kind: string, to: string, path: 'lista-espera' | 'oferta'): Promise<string> {
  const rows = await db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)));
  const delivered = await deliveredEmail(db(), rows.at(-1)!, clock);
  return delivered.text.match(new RegExp(`/${path}/([\\w-]{43})`))![1]!;
}

/** The .eml files the sink wrote to `to` whose subject starts with `subject`. */
async function emlFilesTo(to: string, subject: string) {
  const directory = join(app().dataDir, 'outbox');
  const names = await readdir(directory).catch(() => [] as string[]);
  const emails = await Promise.all(names.map(async (name) => parseEmail(await readFile(join(directory, name), 'utf8'))));
  return emails.filter((email) => email.header('to') === to && email.header('subject')?.startsWith(subject));
}

describe("an offer's page", () => {
  it('once expired says so, offers the date while it has places, and the guest is emailed once, however many sweeps pass', async () => {
    const party = await offeredParty();
    const token = await linkIn('waitlist_offer', party.customerEmail, 'oferta');
    // The slot at 14:00 still has room for 4: the date has places for the party.
    clock.set('2026-11-24T10:15:00Z');
    await app().instance.scheduler.tick();
    clock.set('2026-11-24T10:16:00Z');
    await app().instance.scheduler.tick();

    const expiryEmails = await db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'waitlist_offer_expired'), eq(emailOutbox.toAddress, party.customerEmail)));
    expect(expiryEmails).toHaveLength(1);
    // Delivered by the worker, once, with a link of its own to the same page.
    await waitFor(async () => (await emlFilesTo(party.customerEmail, 'Oferta caducada')).length > 0);
    const delivered = await emlFilesTo(party.customerEmail, 'Oferta caducada');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.text).toContain('el tiempo para aceptar la mesa que te guardamos');
    const expiredToken = delivered[0]!.text.match(/\/oferta\/([\w-]{43})/)![1]!;
    for (const link of [token, expiredToken]) {
      const page = await get(`/api/public/waitlist-offers/${link}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ status: 'expired', placesOpen: true, booking: null, reservationDate: DATE });
    }
    // The whole day full for 4: nothing to offer.
    await configure(db(), { maxCoversPerDay: 4 });
    await insertReservation(db(), { reservationDate: DATE, reservationTime: '20:00', numberOfPeople: 4, status: 'confirmed', customerEmail: uniqueEmail() });
    expect((await get(`/api/public/waitlist-offers/${token}`)).json()).toMatchObject({ status: 'expired', placesOpen: false });
  });

  it('once accepted gives the booking page and its calendar file, which open the booking', async () => {
    const party = await offeredParty();
    const token = await linkIn('waitlist_offer', party.customerEmail, 'oferta');
    const accepted = await post(`/api/public/waitlist-offers/${token}/accept`);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().booking.managePath).toMatch(/^\/reserva\/[\w-]{43}$/);

    const page = await get(`/api/public/waitlist-offers/${token}`);
    const { status, booking } = page.json();
    expect(status).toBe('accepted');
    expect(booking.managePath).toMatch(/^\/reserva\/[\w-]{43}$/);
    expect(booking.calendarPath).toMatch(/^\/api\/public\/guest-reservations\/[\w-]{43}\/calendar\.ics$/);
    const manage = await get(`/api/public/guest-reservations/${booking.managePath.slice('/reserva/'.length)}`);
    expect(manage.statusCode).toBe(200);
    expect(manage.json().reservation).toMatchObject({ reservationDate: DATE, reservationTime: TIME, numberOfPeople: 4 });
    const ics = await get(booking.calendarPath);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('DTSTART;TZID=Europe/Madrid:20261125T133000');
  });
});

describe("the entry's page", () => {
  it('shows the offer held for it now and accepts it, once', async () => {
    const party = await offeredParty();
    const token = await linkIn('waitlist_joined', party.customerEmail, 'lista-espera');
    const page = await get(`/api/public/waitlist-entries/${token}`);
    expect(page.json()).toMatchObject({ status: 'offered', openOffer: { reservationTime: TIME, holdUntil: '2026-11-24T10:15:00.000Z', guarantee: null } });

    const accepted = await post(`/api/public/waitlist-entries/${token}/accept`);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().reservation.status).toBe('pending');
    expect(accepted.json().booking.managePath).toMatch(/^\/reserva\/[\w-]{43}$/);
    expect((await get(`/api/public/waitlist-entries/${token}`)).json()).toMatchObject({ status: 'booked', openOffer: null });
    const again = await post(`/api/public/waitlist-entries/${token}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta mesa ya no está disponible.');
    expect(await db().select().from(reservations).where(eq(reservations.customerEmail, party.customerEmail))).toHaveLength(1);
  });

  it('shows no offer once its hold has ended, even before the sweep', async () => {
    const party = await offeredParty();
    const token = await linkIn('waitlist_joined', party.customerEmail, 'lista-espera');
    clock.set('2026-11-24T10:15:00Z');
    expect((await get(`/api/public/waitlist-entries/${token}`)).json().openOffer).toBeNull();
    expect((await post(`/api/public/waitlist-entries/${token}/accept`)).statusCode).toBe(409);
  });
});
