import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { waitlistMessages } from '@shared/staff-messages/waitlist.ts';
import { emailOutbox, reservations, restaurantConfig, waitlistEntries } from '../../src/server/db/schema.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { waitFor } from '../support/wait-for.ts';

// Tuesday 24 November 2026, 11:00 in Madrid. Today at 15:00 holds 4 covers, all booked; parties wait for it.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const TIME = '15:00';

const w = messages.waitlist;
const admin = staffMessages.admin;
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  await db().delete(waitlistEntries);
  await db().update(restaurantConfig).set({ maxCoversPerSlot: 4 }).where(eq(restaurantConfig.id, 1));
});

/** Four random letters: customer names may not hold digits. */
const letters = () => Array.from(randomUUID().slice(0, 4), (c) => String.fromCharCode(97 + (c.charCodeAt(0) % 26))).join('');

let ip = 0;
async function joinList(name: string, reservationTime = TIME) {
  const customerEmail = uniqueEmail('espera');
  const response = await suite.app.request({
    method: 'POST',
    url: '/api/public/waitlist',
    remoteAddress: `10.7.1.${++ip}`,
    payload: {
      id: randomUUID(),
      customerName: name,
      customerPhone: '+34 600 123 456',
      customerEmail,
      numberOfPeople: 4,
      reservationDate: TODAY,
      reservationTime,
      privacyConsent: true,
    },
  });
  expect(response.statusCode).toBe(201);
  return customerEmail;
}

/** The offer email's link, as its guest receives it, once the offer is made. */
async function offerLink(to: string): Promise<string> {
  const email = await waitFor(
    async () => (await db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'waitlist_offer'), eq(emailOutbox.toAddress, to))))[0],
    { what: `an offer email to ${to}` },
  );
  return (await deliveredEmail(db(), email, suite.clock)).text.match(/http:\/\/localhost:3000(\/oferta\/[\w-]{43})/)![1]!;
}

async function openOffer(path: string, heading: string = w.offerTitle): Promise<Page> {
  const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  expect((await page.goto(suite.url(path)))?.status()).toBe(200);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return page;
}

describe('offers of a freed place', () => {
  it('staff cancel a booking from its card; the first party on the list accepts the offer email within the hold', async () => {
    const name = `Mesa Llena ${letters()}`;
    const booking = await insertReservation(db(), { customerName: name, numberOfPeople: 4, reservationDate: TODAY, reservationTime: TIME, status: 'confirmed' });
    const waiting = `Primera Espera ${letters()}`;
    const email = await joinList(waiting);

    const staff = await suite.openAdmin('/admin');
    const card = await openBooking(staff, name);
    await card.getByRole('button', { name: admin.actions.cancel }).click();
    const dialog = staff.getByRole('dialog', { name: admin.cancelReason.title });
    await dialog.getByLabel(admin.cancelReason.label).fill('Llamó para anular');
    await dialog.getByRole('button', { name: admin.cancelReason.submit }).click();
    await toast(staff, admin.toasts.reservationCancelled).waitFor();

    // The host opens the list: the party is shown the offer, and follows it live.
    await staff.getByRole('button', { name: admin.waitlist.open }).click();
    const list = staff.getByRole('dialog', { name: waitlistMessages.title });
    const party = list.getByRole('article', { name: waiting, exact: true });
    await party.getByText(waitlistMessages.statuses.offered, { exact: true }).waitFor();
    await party.getByText(waitlistMessages.offerStatuses.open, { exact: false }).waitFor();

    const guest = await openOffer(await offerLink(email));
    await guest.getByText(waiting.split(' ')[0]!, { exact: false }).first().waitFor();
    await guest.getByText(TIME, { exact: true }).first().waitFor();
    await guest.getByText('Te guardamos esta mesa hasta las 11:15 (hora de Madrid).', { exact: false }).waitFor();
    expect(await guest.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await guest.getByRole('button', { name: w.accept }).click();
    await guest.getByText(w.acceptedTitle).waitFor();
    await guest.getByText(w.acceptedPending).waitFor();

    await party.getByText(waitlistMessages.statuses.booked, { exact: true }).waitFor();
    await party.getByText(waitlistMessages.offerStatuses.accepted, { exact: false }).waitFor();

    const booked = await db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(booked).toMatchObject([{ customerName: waiting, numberOfPeople: 4, reservationTime: TIME, status: 'pending' }]);
    expect(booking.id).not.toBe(booked[0]!.id);
    // The link is spent: opened again it says the table is taken, and offers nothing to accept.
    await guest.reload();
    await guest.getByText(w.acceptedTitle).waitFor();
    expect(await guest.getByRole('button', { name: w.accept }).count()).toBe(0);
  });

  it('passes an offer nobody answered to the next party once the hold ends; the late link says so', async () => {
    // 16:00: the first test's accepted offer keeps 15:00 full.
    const booking = await insertReservation(db(), { numberOfPeople: 4, reservationDate: TODAY, reservationTime: '16:00', status: 'confirmed' });
    const first = await joinList(`Primera Tarde ${letters()}`, '16:00');
    const second = await joinList(`Segunda Puntual ${letters()}`, '16:00');
    const staff = await suite.app.signIn();
    const cancelled = await suite.app.request({
      method: 'PATCH',
      url: `/api/admin/reservations/${booking.id}/status`,
      cookie: staff,
      payload: { status: 'cancelled', reason: 'Llamó para anular' },
    });
    expect(cancelled.statusCode).toBe(200);
    const late = await offerLink(first);

    suite.clock!.set(new Date('2026-11-24T10:15:00Z'));
    await suite.app.instance.scheduler.tick();
    const page = await openOffer(late, w.expiredTitle);
    await page.getByText(w.errors.offerExpired).waitFor();
    expect(await page.getByRole('button', { name: w.accept }).count()).toBe(0);

    const next = await openOffer(await offerLink(second));
    await next.getByRole('button', { name: w.accept }).click();
    await next.getByText(w.acceptedTitle).waitFor();
    expect(await db().select().from(reservations).where(eq(reservations.customerEmail, second))).toHaveLength(1);
    expect(await db().select().from(reservations).where(eq(reservations.customerEmail, first))).toHaveLength(0);
  });
});
