import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '@shared/i18n/languages.ts';
import { emailOutbox, restaurantConfig, waitlistEntries, waitlistOffers } from '../../src/server/db/schema.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { dateButtonName } from '../support/guest-form.ts';
import { guestTextsIn } from '../support/guest-language.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 50, item 7, on a 390 px phone in Spanish and English. Tuesday 24 November 2026, 11:00 in Madrid; today's
// times hold 4 covers, one booking fills a time, a party of 4 waits for it and is offered it once it is cancelled.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  suite.clock!.set(NOW);
  await db().delete(waitlistEntries);
  await db().update(restaurantConfig).set({ maxCoversPerSlot: 4 }).where(eq(restaurantConfig.id, 1));
});

let ip = 0;
/** A party waiting for `time` in `language`, offered it once the booking that filled it is cancelled. */
async function offeredParty(time: string, language: Language) {
  const booking = await insertReservation(db(), { numberOfPeople: 4, reservationDate: TODAY, reservationTime: time, status: 'confirmed' });
  const id = randomUUID();
  const customerEmail = uniqueEmail('ofrecida');
  const joined = await suite.app.request({
    method: 'POST',
    url: '/api/public/waitlist',
    remoteAddress: `10.50.2.${++ip}`,
    headers: { 'accept-language': language },
    payload: { id, customerName: 'Nerea Espera', customerPhone: '+34 600 123 456', customerEmail, numberOfPeople: 4, reservationDate: TODAY, reservationTime: time, privacyConsent: true },
  });
  expect(joined.statusCode).toBe(201);
  const staff = await suite.app.signIn();
  const cancelled = await suite.app.request({ method: 'PATCH', url: `/api/admin/reservations/${booking.id}/status`, cookie: staff, payload: { status: 'cancelled', reason: 'Llamó' } });
  expect(cancelled.statusCode).toBe(200);
  await waitFor(async () => (await db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, id))).length === 1, { what: 'the offer' });
  return customerEmail;
}

/** The path (and ?lang) an email of `kind` links to, as its guest receives it. */
async function linkIn(kind: string, to: string): Promise<string> {
  const [email] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)));
  return (await deliveredEmail(db(), email!, suite.clock)).text.match(/http:\/\/localhost:3000(\/(?:oferta|lista-espera)\/[\w-]{43}(?:\?lang=\w+)?)/)![1]!;
}

async function onPhone(path: string): Promise<Page> {
  const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  expect((await page.goto(suite.url(path)))?.status()).toBe(200);
  return page;
}

const fitsThePhone = async (page: Page) => expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

// The sweep runs once a minute: each language's offer lapses in a minute of its own.
describe.each([
  ['es', '13:30', '14:00', '2026-11-24T10:15:00Z'],
  ['en', '14:30', '15:00', '2026-11-24T10:16:00Z'],
] as const)('in %s', (language, expiredTime, offeredTime, lapsedAt) => {
  const texts = guestTextsIn(language);
  const w = texts.waitlist;
  const summary = texts.reservation.summary;

  it("an expired offer's page says so under its own heading and offers the booking form for that date", async () => {
    const email = await offeredParty(expiredTime, language);
    const late = await linkIn('waitlist_offer', email);
    suite.clock!.set(new Date(lapsedAt));
    await suite.app.instance.scheduler.tick();

    // The expiry email's link opens the same page.
    const page = await onPhone(await linkIn('waitlist_offer_expired', email));
    await page.getByRole('heading', { name: w.expiredTitle, level: 1 }).waitFor();
    await page.getByText(w.errors.offerExpired).waitFor();
    expect(await page.getByRole('button', { name: w.accept }).count()).toBe(0);
    await page.getByText(w.expiredBook).waitFor();
    await page.getByRole('heading', { name: texts.reservation.form.title, level: 2 }).waitFor();
    // The form opens on the offer's date.
    await waitFor(async () => (await dateButtonName(page)) !== `${texts.reservation.form.date} ${texts.reservation.calendar.choose}`, { what: 'the date chosen' });
    expect(await dateButtonName(page)).toContain('24');
    await fitsThePhone(page);

    const offerLink = await onPhone(late);
    await offerLink.getByRole('heading', { name: w.expiredTitle, level: 1 }).waitFor();
  });

  it("the entry's page offers 'Aceptar la mesa' while the offer is open; the accepted page has the booking's page and .ics", async () => {
    const email = await offeredParty(offeredTime, language);
    // Both emails' links, as the guest got them before accepting.
    const offerPath = await linkIn('waitlist_offer', email);
    const page = await onPhone(await linkIn('waitlist_joined', email));
    await page.getByRole('heading', { name: w.entryTitle, level: 1 }).waitFor();
    await page.getByText(w.offerOpenStatus, { exact: true }).waitFor();
    expect(await page.getByText(w.statuses.offered).count()).toBe(0);
    await fitsThePhone(page);
    await page.getByRole('button', { name: w.accept }).click();
    await page.getByRole('heading', { name: w.acceptedTitle }).waitFor();
    await page.getByText(w.acceptedPending).waitFor();
    expect(await page.getByRole('link', { name: summary.manage }).getAttribute('href')).toMatch(/^\/reserva\/[\w-]{43}$/);

    // The offer's own link, opened afterwards: the booking's page and its calendar file.
    const offer = await onPhone(offerPath);
    await offer.getByRole('heading', { name: w.acceptedTitle }).waitFor();
    const manage = offer.getByRole('link', { name: summary.manage });
    const calendar = offer.getByRole('link', { name: summary.addToCalendar });
    expect(await calendar.getAttribute('href')).toMatch(/^\/api\/public\/guest-reservations\/[\w-]{43}\/calendar\.ics$/);
    const ics = await offer.request.get(suite.url((await calendar.getAttribute('href'))!));
    expect(await ics.text()).toContain('BEGIN:VEVENT');
    await fitsThePhone(offer);
    await manage.click();
    await offer.waitForURL(/\/reserva\/[\w-]{43}$/);
    await offer.getByText(offeredTime, { exact: true }).first().waitFor();
  });
});
