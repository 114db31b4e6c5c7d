import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { BOOKING_PROOF_HEADER } from '@shared/rules/bot-check.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import { reservations, restaurantConfig, waitlistEntries } from '../../src/server/db/schema.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { dateButtonName, noDateName, pickDate } from '../support/guest-form.ts';
import { parseEmail, startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';

// Issue 23, the guest's side: from a time the booking form shows '(Completo)' to the waitlist, the email with the
// entry's link, and leaving from that page. The real clock: the outbox worker sends what is due by the database's
// own time, and the SMTP peer receives it. A date a week ahead holds 4 covers per slot; 14:00 is booked full.
const DATE = openDayNextWeek();
const FULL = '14:00';

const w = messages.waitlist;
const form = messages.reservation.form;
const validation = messages.reservation.validation;
const PHONE = { width: 390, height: 844 };
const suite = useBrowserSuite();
const db = () => suite.db();
let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer();
  // Correo saliente pointed at the peer, as an owner sets it in Configuración.
  const cookie = await suite.app.signIn();
  const saved = await suite.app.request({
    method: 'PUT',
    url: '/api/admin/mail-settings',
    cookie,
    payload: { host: '127.0.0.1', port: peer.port, security: 'none', username: '', password: '', sender: 'reservas@example.com' },
  });
  expect(saved.statusCode).toBe(200);
  await db().update(restaurantConfig).set({ maxCoversPerSlot: 4 });
  await insertReservation(db(), { numberOfPeople: 4, reservationDate: DATE, reservationTime: FULL, status: 'confirmed' });
});
afterAll(async () => {
  await peer?.close();
});
beforeEach(() => peer.reset());

async function openPhone(path: string): Promise<Page> {
  const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  expect((await page.goto(suite.url(path)))?.status()).toBe(200);
  return page;
}

async function openForm(): Promise<Page> {
  const page = await openPhone('/');
  await page.getByRole('button', { name: form.submit }).waitFor();
  return page;
}

/** The guest's data typed into the booking form, and the date whose 14:00 is full. */
async function fillGuest(page: Page, email: string) {
  await page.getByLabel(form.name, { exact: true }).fill('Marta Espera');
  await page.getByLabel(form.phone, { exact: true }).fill('+34 600 555 777');
  await page.getByLabel(form.email, { exact: true }).fill(email);
  await page.getByLabel(form.people, { exact: true }).selectOption('2');
  await pickDate(page, DATE);
}

const panel = (page: Page) => page.getByRole('group', { name: w.formTitle });
const fullTime = (page: Page) => page.getByLabel(w.fullTime, { exact: true });
const consent = (page: Page) => page.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix}`) });

/** The error a control's aria-describedby names ('…-error'); null when it has none. */
async function fieldError(control: Locator): Promise<string | null> {
  const errorId = (await control.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? control.page().locator(`[id="${errorId}"]`).textContent() : null;
}

const isFocused = (control: Locator) => control.evaluate((element) => element === document.activeElement);

describe('the waitlist from the guest form', () => {
  it('joins from a full time, gets the email with the entry link, and leaves from it', async () => {
    const page = await openForm();
    expect(await panel(page).count()).toBe(0);
    const email = uniqueEmail('espera');
    await fillGuest(page, email);

    // Only the open times too full for the party are offered; the booking select shows them '(Completo)'.
    await panel(page).waitFor();
    expect(await page.getByRole('heading', { name: w.formTitle, level: 3 }).isVisible()).toBe(true);
    await page.getByText(w.formIntro).waitFor();
    const offered = await fullTime(page)
      .locator('option')
      .evaluateAll((options) => (options as HTMLOptionElement[]).map((option) => option.textContent));
    expect(offered).toEqual([w.fullTimePlaceholder, FULL]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Without a time and without the consent: both are asked for, nothing is sent, focus goes to the time.
    let posted = 0;
    // A join the form resends with a proof of work (filled faster than a person: decision 027) is the same join.
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/public/waitlist') && !request.headers()[BOOKING_PROOF_HEADER]) posted += 1;
    });
    await page.getByRole('button', { name: w.join }).click();
    await expect.poll(() => fieldError(fullTime(page))).toBe(validation.timeRequired);
    await expect.poll(() => fieldError(consent(page))).toBe(validation.consentRequired);
    expect(await isFocused(fullTime(page))).toBe(true);
    expect(posted).toBe(0);

    await fullTime(page).selectOption(FULL);
    expect(await fieldError(fullTime(page))).toBeNull();
    await consent(page).check();
    await expect.poll(() => fieldError(consent(page))).toBeNull();
    await page.getByRole('button', { name: w.join }).click();
    const joined = toast(page, w.joinedTitle);
    await joined.waitFor();
    expect(await joined.textContent()).toContain(w.joinedDescription);
    expect(posted).toBe(1);

    // The form starts again, as after a booking.
    await expect.poll(() => page.getByLabel(form.name, { exact: true }).inputValue()).toBe('');
    expect(await dateButtonName(page)).toBe(noDateName);
    expect(await consent(page).isChecked()).toBe(false);
    expect(await panel(page).count()).toBe(0);

    const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.customerEmail, email));
    expect(entry).toMatchObject({
      customerName: 'Marta Espera',
      numberOfPeople: 2,
      reservationDate: DATE,
      timeFrom: FULL,
      source: 'guest',
      status: 'waiting',
    });
    expect(await db().select().from(reservations).where(eq(reservations.customerEmail, email))).toHaveLength(0);

    // The email, as the SMTP server receives it, links the entry's page.
    const toGuest = () => peer.messages.find((message) => message.envelopeTo.includes(email));
    await expect.poll(toGuest, { timeout: 20_000 }).toBeDefined();
    const link = /http:\/\/localhost:3000(\/lista-espera\/[\w-]{43})/.exec(parseEmail(toGuest()!.raw).text)?.[1];
    expect(link).toBeDefined();

    const entryPage = await openPhone(link!);
    await entryPage.getByRole('heading', { name: w.entryTitle, level: 1 }).waitFor();
    expect(await entryPage.getByTestId('waitlist-status').textContent()).toBe(w.statuses.waiting);
    await entryPage.getByText('Marta Espera', { exact: true }).waitFor();
    await entryPage.getByText(formatLongDate(DATE), { exact: true }).waitFor();
    await entryPage.getByText(FULL, { exact: true }).waitFor();
    expect(await entryPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Leaving asks first; keeping changes nothing.
    await entryPage.getByRole('button', { name: w.leave }).click();
    const dialog = entryPage.getByRole('dialog', { name: w.leaveTitle });
    await dialog.getByText(w.leaveDescription).waitFor();
    await dialog.getByRole('button', { name: w.leaveKeep }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id)))[0]!.status).toBe('waiting');

    await entryPage.getByRole('button', { name: w.leave }).click();
    await dialog.getByRole('button', { name: w.leaveConfirm }).click();
    const left = entryPage.getByRole('status').filter({ hasText: w.left });
    await left.waitFor();
    // The button the guest pressed is gone: focus is on what happened.
    await expect.poll(() => isFocused(left)).toBe(true);
    await expect.poll(() => entryPage.getByTestId('waitlist-status').textContent()).toBe(w.statuses.removed);
    expect(await entryPage.getByRole('button', { name: w.leave }).count()).toBe(0);
    expect((await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id)))[0]!.status).toBe('removed');
  });

  it("shows the server's refusal under the full time: the guest already waits for it", async () => {
    const email = uniqueEmail('repetida');
    const first = await suite.app.request({
      method: 'POST',
      url: '/api/public/waitlist',
      remoteAddress: '10.23.0.1',
      payload: {
        id: randomUUID(),
        customerName: 'Marta Espera',
        customerPhone: '+34 600 555 777',
        customerEmail: email,
        numberOfPeople: 2,
        reservationDate: DATE,
        reservationTime: FULL,
        privacyConsent: true,
      },
    });
    expect(first.statusCode).toBe(201);

    const page = await openForm();
    await fillGuest(page, email);
    await fullTime(page).selectOption(FULL);
    await consent(page).check();
    await page.getByRole('button', { name: w.join }).click();
    await toast(page, w.errors.alreadyJoined).waitFor();
    await expect.poll(() => fieldError(fullTime(page))).toBe(w.errors.alreadyJoined);
    expect(await isFocused(fullTime(page))).toBe(true);
    // Nothing was reset: the guest can change what the server refused.
    expect(await page.getByLabel(form.email, { exact: true }).inputValue()).toBe(email);
    expect(await db().select().from(waitlistEntries).where(eq(waitlistEntries.customerEmail, email))).toHaveLength(1);
  });

  it('answers an unknown entry link with the Spanish message', async () => {
    const page = await openPhone(`/lista-espera/${'x'.repeat(43)}`);
    await page.getByRole('alert').filter({ hasText: w.errors.notFound }).waitFor();
    expect(await page.getByRole('heading', { name: w.entryTitle, level: 1 }).count()).toBe(1);
  });
});
