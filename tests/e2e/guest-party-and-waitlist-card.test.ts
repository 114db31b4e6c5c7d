import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@shared/i18n/languages.ts';
import { restaurantConfig } from '../../src/server/db/schema.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { bookingFormIn } from '../support/guest-language.ts';

// Issue 50 on a 390 px phone, in Spanish and in English. The restaurant takes at most 4 covers per slot, so a party
// of 5 or more can never book online: the select marks those sizes and a card with the phones replaces the time and
// the submit. A date a week ahead has 14:00 booked full, so a party of 2 can join the waitlist for it, which leaves a
// summary card on the form.
const DATE = openDayNextWeek();
const FULL = '14:00';
const PHONE = { width: 390, height: 844 };
const suite = useBrowserSuite();
const db = () => suite.db();

beforeAll(async () => {
  await db().update(restaurantConfig).set({ maxCoversPerSlot: 4, maxCoversPerDay: null, contactPhone1: '+34 911 222 333', contactPhone2: '600 444 555' });
  await insertReservation(db(), { numberOfPeople: 4, reservationDate: DATE, reservationTime: FULL, status: 'confirmed' });
});

async function openForm(language: Language) {
  const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  expect((await page.goto(suite.url(language === 'es' ? '/' : `/?lang=${language}`)))?.status()).toBe(200);
  const form = bookingFormIn(page, language);
  await form.submit.waitFor();
  return { page, form };
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each(['es', 'en'] as const)('on a phone, in %s', (language) => {
  it("marks the sizes no table can seat '(llámanos)' and shows the phones in place of the time and the submit", async () => {
    const { page, form } = await openForm(language);
    const { callUs } = form.texts.reservation.form;
    const card = page.getByRole('region', { name: form.format(form.texts.reservation.largeParty.title, { max: 4 }), exact: true });

    const options = await form.people.locator('option').allTextContents();
    expect(options).toHaveLength(12);
    expect(options.slice(0, 4).every((option) => !option.includes(callUs))).toBe(true);
    expect(options.slice(4)).toEqual(Array.from({ length: 8 }, (_, index) => `${form.format(form.texts.reservation.form.peopleMany, { count: index + 5 })} ${callUs}`));

    await form.pickDate(DATE);
    await form.people.selectOption('5');
    await card.waitFor();
    expect(await card.getByText(form.texts.reservation.largeParty.description).isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: '+34 911 222 333' }).getAttribute('href')).toBe('tel:+34911222333');
    expect(await card.getByRole('link', { name: '600 444 555' }).getAttribute('href')).toBe('tel:+34600444555');
    expect(await form.time.count()).toBe(0);
    expect(await form.submit.count()).toBe(0);
    // Every time is too full for 5, yet no waitlist is offered: no cancellation could ever seat them.
    expect(await page.getByRole('group', { name: form.texts.waitlist.formTitle }).count()).toBe(0);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // A smaller party brings the time and the submit back.
    await form.people.selectOption('4');
    await card.waitFor({ state: 'detached' });
    await form.time.waitFor();
    expect(await form.submit.isVisible()).toBe(true);
  });

  it('leaves a summary card after joining the waitlist, with the entry’s own page', async () => {
    const { page, form } = await openForm(language);
    const w = form.texts.waitlist;
    await form.fillGuest({ name: 'Marta Espera', email: uniqueEmail('tarjeta') });
    await form.people.selectOption('2');
    await form.pickDate(DATE);
    await page.getByLabel(w.fullTime, { exact: true }).selectOption(FULL);
    await form.consent.check();
    await page.getByRole('button', { name: w.join, exact: true }).click();

    const card = page.getByRole('region', { name: w.joinedTitle, exact: true });
    await card.waitFor();
    const rows = await card.locator('dd').allTextContents();
    expect(rows.map((row) => row.toLowerCase())).toEqual(
      [form.longDate(DATE), FULL, form.format(form.texts.reservation.form.peopleMany, { count: 2 }), w.summary.status].map((row) => row.toLowerCase()),
    );
    expect(await card.getByText(w.joinedDescription).isVisible()).toBe(true);
    // The card's heading takes focus: the fields it came from have been emptied for another request.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(w.joinedTitle);
    expect(await form.name.inputValue()).toBe('');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    const link = card.getByRole('link', { name: w.summary.manage, exact: true });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(language === 'es' ? /^\/lista-espera\/[\w-]{43}$/ : new RegExp(`^/lista-espera/[\\w-]{43}\\?lang=${language}$`));
    await link.click();
    await page.getByRole('heading', { name: w.entryTitle, level: 1 }).waitFor();
    expect(await page.getByText(w.statuses.waiting, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Marta Espera', { exact: true }).isVisible()).toBe(true);
  });
});
