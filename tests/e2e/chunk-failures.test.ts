import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { addDays, dayOfWeek } from '@shared/rules/madrid-time.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, hydrated, toast } from '../support/admin-browser.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { launchBrowser, testWebRoot } from '../support/browser.ts';
import { consentBox, dateButton, fillGuest, pickDate } from '../support/guest-form.ts';
import { nextBuild } from '../support/next-build.ts';
import { type RestartableServer, restartableServer } from '../support/restartable-server.ts';

// Issue 41, item 4 (decision 033): a chunk that fails to load never blanks the page. The server is stopped and
// started again (a restart), or comes back serving the next build (a deploy: the open page's chunks are gone).
const form = messages.reservation.form;
const errors = messages.reservation.errors;
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let server: RestartableServer;
let buildB: string;
let pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  server = await restartableServer();
  buildB = nextBuild(testWebRoot());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (buildB) rmSync(buildB, { recursive: true, force: true });
});

afterEach(async () => {
  await server.stop();
  for (const context of browser.contexts()) await context.close();
  const seen = pageErrors;
  pageErrors = [];
  expect(seen).toEqual([]);
});

/** The landing page on a 390 px phone, served by build `webRoot`; its page errors fail the test. */
async function openGuestPage(webRoot: string): Promise<Page> {
  await server.start(webRoot);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  const page = await context.newPage();
  // The failed loads themselves are logged (by the browser, and by React for the error it caught): nothing else.
  page.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load resource|Failed to fetch dynamically imported module/.test(message.text())) {
      pageErrors.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => pageErrors.push(`uncaught: ${error.message}`));
  await page.goto(server.url);
  await page.getByRole('button', { name: messages.cookies.acceptAll }).click();
  await hydrated(page);
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const submit = (page: Page) => page.getByRole('button', { name: form.submit });

/** What the guest typed, as the form shows it. */
async function formValues(page: Page) {
  return {
    name: await field(page, form.name).inputValue(),
    phone: await field(page, form.phone).inputValue(),
    email: await field(page, form.email).inputValue(),
    people: await field(page, form.people).inputValue(),
    time: await field(page, form.time).inputValue(),
    note: await field(page, form.specialRequirement).inputValue(),
    consent: await consentBox(page).isChecked(),
  };
}

/** An open day of its own for each test (the same guest's stays on one day would overlap: decision 032). */
function openDay(test: number): string {
  let day = addDays(openDayNextWeek(), test);
  while (dayOfWeek(day) === 1) day = addDays(day, 1);
  return day;
}

const bookingsOf = (email: string) => server.database.handle.db.select().from(reservations).where(eq(reservations.customerEmail, email));

it('a restart while the guest sends: the page stays with what was typed, says so, and the retry books', { timeout: 120_000 }, async () => {
  const page = await openGuestPage(testWebRoot());
  const email = `restart-${randomUUID().slice(0, 8)}@example.com`;
  await fillGuest(page, email);
  await field(page, form.people).selectOption('3');
  await pickDate(page, openDay(0));
  await field(page, form.time).selectOption('14:00');
  await field(page, form.specialRequirement).fill('Mesa junto a la ventana');
  await consentBox(page).check();
  const typed = await formValues(page);

  // The request leaves the page, and the server stops before it arrives.
  let sent!: () => void;
  const requestSent = new Promise<void>((resolve) => (sent = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/public/reservations', async (route) => {
    sent();
    await released;
    await route.continue();
  });
  await submit(page).click();
  await requestSent;
  await server.stop();
  release();

  // The error toast's chunk cannot load either: the page says what sonner would have said.
  await page.getByRole('alert').filter({ hasText: errors.generic }).waitFor();
  expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBeGreaterThan(0);
  await submit(page).waitFor();
  expect(await formValues(page)).toEqual(typed);
  await page.unroute('**/api/public/reservations');

  await server.start(testWebRoot());
  await submit(page).click();
  await toast(page, messages.reservation.success.title).waitFor();
  await expect.poll(async () => (await bookingsOf(email)).map((row) => `${row.numberOfPeople} ${row.reservationTime}`)).toEqual(['3 14:00']);
});

it('a deploy: the page reloads itself once, keeping the form, only once the server answers with the new build', { timeout: 120_000 }, async () => {
  const page = await openGuestPage(testWebRoot());
  const loads = countLoads(page);
  const email = `deploy-${randomUUID().slice(0, 8)}@example.com`;
  await fillGuest(page, email);
  await field(page, form.people).selectOption('4');
  await field(page, form.specialRequirement).fill('Cumpleaños');
  await consentBox(page).check();
  const typed = await formValues(page);

  // Unreachable: the calendar's chunk cannot load; the page says so and stays as it is.
  await server.stop();
  await dateButton(page).click();
  const unreachable = page.getByRole('alert').filter({ hasText: messages.http.networkError });
  await unreachable.waitFor();
  await page.waitForTimeout(2_000);
  expect(loads).toEqual([]);
  expect(await formValues(page)).toEqual(typed);

  // The next build: trying again finds the chunk gone and the server on another build, and the page reloads.
  await server.start(buildB);
  await unreachable.getByRole('button', { name: messages.common.retry }).click();
  await expect.poll(() => loads.length).toBe(1);
  await expect.poll(() => formValues(page)).toEqual(typed);

  const day = openDay(2);
  await pickDate(page, day);
  await field(page, form.time).selectOption('14:30');
  await submit(page).click();
  await toast(page, messages.reservation.success.title).waitFor();
  await expect.poll(async () => (await bookingsOf(email)).map((row) => `${row.numberOfPeople} ${row.reservationDate} ${row.reservationTime}`)).toEqual([`4 ${day} 14:30`]);
  expect(loads).toHaveLength(1);
  // What the guest typed was kept for the reload only.
  expect(await page.evaluate(() => sessionStorage.getItem('mesa.booking-form'))).toBeNull();
});

it('a deploy met by the success toast: the reload keeps the summary of what was booked', { timeout: 120_000 }, async () => {
  const page = await openGuestPage(testWebRoot());
  const loads = countLoads(page);
  const email = `booked-${randomUUID().slice(0, 8)}@example.com`;
  await fillGuest(page, email);
  await pickDate(page, openDay(4));
  await field(page, form.time).selectOption('15:00');
  await consentBox(page).check();

  await server.stop();
  await server.start(buildB);
  // At a person's pace: a form sent faster is asked for a proof of work first (decision 027).
  await page.waitForTimeout(3_000);
  await submit(page).click();
  await expect.poll(() => loads.length).toBe(1);
  const summary = page.getByRole('region', { name: messages.reservation.success.title });
  await summary.waitFor();
  expect(await summary.textContent()).toContain('15:00');
  expect(await field(page, form.name).inputValue()).toBe('');
  expect((await bookingsOf(email)).map((row) => row.reservationTime)).toEqual(['15:00']);
  expect(loads).toHaveLength(1);
});

/** The page's loads after the first: each a reload. */
function countLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  return loads;
}
