import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { dailyReservationPauses, emailOutbox, guests, reservations } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, useBrowserSuite } from '../support/admin-browser.ts';
import { chosenDateName, dateButton, dateButtonName, fieldError, noDateName, pickDate } from '../support/guest-form.ts';

// The server's "now" is frozen and the browser's clock is set to the same instant, so the test does not depend
// on the real date: Tuesday 24 November 2026, 11:00 in Madrid. Every slot of today (13:00-17:30) is still ahead.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24'; // Tuesday
const WEDNESDAY = '2026-11-25';

const form = messages.reservation.form;
const validation = messages.reservation.validation;
const pausedTime = messages.reservation.pausedTime;
const WAIT = BROWSER_WAIT_MS;

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

/**
 * A 360×740 phone whose clock reads the server's frozen "now". Unless `withBanner`, a cookie choice is already
 * stored so the banner (tested in cookie-banner.test.ts) stays out of the way.
 */
async function openLanding({ withBanner = false }: { withBanner?: boolean } = {}): Promise<Page> {
  const context = await suite.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    consent: !withBanner,
  });
  const page = suite.watch(await context.newPage());
  const response = await page.goto(suite.app.instance.url);
  expect(response?.status()).toBe(200);
  await submitButton(page).waitFor();
  return page;
}

const submitButton = (p: Page) => p.getByRole('button', { name: form.submit });
const nameField = (p: Page) => p.getByLabel(form.name, { exact: true });
const phoneField = (p: Page) => p.getByLabel(form.phone, { exact: true });
const emailField = (p: Page) => p.getByLabel(form.email, { exact: true });
const peopleField = (p: Page) => p.getByLabel(form.people, { exact: true });
const dateField = dateButton;
const timeField = (p: Page) => p.getByLabel(form.time, { exact: true });
const noteField = (p: Page) => p.getByLabel(form.specialRequirement, { exact: true });
const consentBox = (p: Page) => p.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix} ${form.consentLink}`) });
const toast = (p: Page, title: string) => p.locator('[data-sonner-toast]').filter({ hasText: title });

/** The time select's options as "label|disabled" (the placeholder left out). */
async function timeOptions(p: Page): Promise<string[]> {
  return timeField(p)
    .locator('option')
    .evaluateAll((options) =>
      (options as HTMLOptionElement[]).filter((o) => o.value !== '').map((o) => `${o.textContent}|${o.disabled ? 'disabled' : 'enabled'}`),
    );
}

async function fillGuest(p: Page, email: string) {
  await nameField(p).fill('María José Núñez');
  await phoneField(p).fill('+34 600 123 456');
  await emailField(p).fill(email);
}

describe('booking form on a 360 px phone', () => {
  it('books a table end to end: pending reservation with the client note and a welcome email', async () => {
    const p = await openLanding({ withBanner: true });
    // A first visit: the guest answers the cookie banner before booking.
    await p.getByRole('button', { name: messages.cookies.acceptAll }).click();
    await p.getByRole('dialog', { name: messages.cookies.title }).waitFor({ state: 'detached' });

    // Nothing scrolls sideways on a small phone.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    await fillGuest(p, email);
    await peopleField(p).selectOption('4');
    await pickDate(p, WEDNESDAY);
    expect(await dateButtonName(p)).toBe(chosenDateName(WEDNESDAY));
    await timeField(p).selectOption('13:30');
    expect(await p.getByText('0/200', { exact: true }).isVisible()).toBe(true);
    const note = 'Trona para un bebé';
    await noteField(p).fill(note);
    await p.getByText(`${note.length}/200`, { exact: true }).waitFor();
    // 'Alergias o intolerancias' stays folded until the guest opens it.
    const gluten = p.getByRole('checkbox', { name: messages.allergens.gluten });
    expect(await gluten.isVisible()).toBe(false);
    await p.getByText(form.allergens, { exact: true }).click();
    await gluten.check();
    await consentBox(p).check();

    // Hold the request back so that the sending state can be seen without a race.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await p.route('**/api/public/reservations', async (route) => {
      await released;
      await route.continue();
    });
    await submitButton(p).click();
    const sending = p.getByRole('button', { name: form.submitting });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();

    const success = toast(p, messages.reservation.success.title);
    await success.waitFor();
    expect(await success.textContent()).toContain(messages.reservation.success.description);

    // The form starts again.
    await submitButton(p).waitFor();
    expect(await nameField(p).inputValue()).toBe('');
    expect(await emailField(p).inputValue()).toBe('');
    expect(await peopleField(p).inputValue()).toBe('2');
    expect(await dateButtonName(p)).toBe(noDateName);
    expect(await noteField(p).inputValue()).toBe('');
    expect(await consentBox(p).isChecked()).toBe(false);
    expect(await p.getByText('0/200', { exact: true }).isVisible()).toBe(true);

    const rows = await db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      customerName: 'María José Núñez',
      customerPhone: '+34 600 123 456',
      numberOfPeople: 4,
      reservationDate: WEDNESDAY,
      reservationTime: '13:30',
      status: 'pending',
      source: 'public',
      adminNotes: `[Cliente] ${note}`,
    });
    const welcome = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reservationId, rows[0]!.id), eq(emailOutbox.kind, 'reservation_welcome')));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.toAddress).toBe(email);
    expect(welcome[0]!.textBody).not.toContain(messages.allergens.gluten);
    const [guest] = await db().select().from(guests).where(eq(guests.id, rows[0]!.guestId!));
    expect(guest!.allergens).toEqual(['gluten']);
    expect(await gluten.isChecked()).toBe(false);
    expect(suite.pageErrors).toEqual([]);
  });

  it('shows each field error under its field, for empty and then for invalid values', async () => {
    const p = await openLanding();
    let posted = 0;
    p.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/public/reservations')) posted += 1;
    });

    await submitButton(p).click();
    await expect.poll(() => fieldError(nameField(p)), { timeout: WAIT }).toBe(validation.nameMin);
    expect(await fieldError(phoneField(p))).toBe(validation.phoneMin);
    expect(await fieldError(emailField(p))).toBe(validation.emailInvalid);
    expect(await fieldError(dateField(p))).toBe(validation.dateRequired);
    expect(await fieldError(timeField(p))).toBe(validation.timeRequired);
    expect(await fieldError(consentBox(p))).toBe(validation.consentRequired);
    expect(await fieldError(peopleField(p))).toBeNull();
    expect(await fieldError(noteField(p))).toBeNull();
    expect(await nameField(p).getAttribute('aria-invalid')).toBe('true');
    // Focus goes to the first field in error, in page order.
    expect(await nameField(p).evaluate((element) => element === document.activeElement)).toBe(true);

    await nameField(p).fill('J');
    await phoneField(p).fill('600 12');
    await emailField(p).fill('juan@');
    await noteField(p).fill('Sin <gluten>');
    await submitButton(p).click();
    await expect.poll(() => fieldError(noteField(p)), { timeout: WAIT }).toBe(validation.specialRequirementInvalid);
    // Issue 50: under the spec's error, which characters are not allowed, read with the field too.
    const [errorBox, noteBox] = await Promise.all([
      p.getByText(validation.specialRequirementInvalid, { exact: true }).boundingBox(),
      p.getByText('No se permiten < > { }', { exact: true }).boundingBox(),
    ]);
    expect(noteBox!.y).toBeGreaterThan(errorBox!.y);
    expect(await noteField(p).getAttribute('aria-describedby')).toContain('booking-note-error-note');
    expect(await fieldError(nameField(p))).toBe(validation.nameMin);
    expect(await fieldError(phoneField(p))).toBe(validation.phoneMin);
    expect(await fieldError(emailField(p))).toBe(validation.emailInvalid);
    expect(await fieldError(consentBox(p))).toBe(validation.consentRequired);

    // After a submit the errors follow the input as it changes.
    await nameField(p).fill('Juan3');
    await expect.poll(() => fieldError(nameField(p)), { timeout: WAIT }).toBe(validation.nameInvalid);
    await phoneField(p).fill('600 123 abc');
    await expect.poll(() => fieldError(phoneField(p)), { timeout: WAIT }).toBe(validation.phoneInvalid);
    // The rules the spec implies (issue 17), from the same shared schema as the server.
    await phoneField(p).fill('--------');
    await expect.poll(() => fieldError(phoneField(p)), { timeout: WAIT }).toBe(validation.phoneMin);
    await nameField(p).fill("J. '");
    await expect.poll(() => fieldError(nameField(p)), { timeout: WAIT }).toBe(validation.nameLetters);
    await consentBox(p).check();
    await expect.poll(() => fieldError(consentBox(p)), { timeout: WAIT }).toBeNull();
    await nameField(p).fill('Juan Pérez');
    await expect.poll(() => fieldError(nameField(p)), { timeout: WAIT }).toBeNull();

    expect(posted).toBe(0);
    expect(suite.pageErrors).toEqual([]);
  });

  it('lists paused slots of today as unavailable and swaps the form for the paused-time card', async () => {
    await db().insert(dailyReservationPauses).values({ pauseDate: TODAY, startTime: '14:00', endTime: '15:00' });
    try {
      const p = await openLanding();
      await fillGuest(p, `paused-${randomUUID().slice(0, 8)}@example.com`);
      await pickDate(p, TODAY);
      await timeField(p).locator('option[value="13:00"]').waitFor({ state: 'attached' });
      const slots = (time: string) => (time >= '14:00' && time <= '15:00' ? `${time} ${form.slotUnavailable}|disabled` : `${time}|enabled`);
      const expected = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'].map(slots);
      expect(await timeOptions(p)).toEqual(expected);

      // The pause grows over the time already chosen; the slots are looked at again when the page regains focus.
      await timeField(p).selectOption('16:00');
      await db()
        .update(dailyReservationPauses)
        .set({ endTime: '16:00' })
        .where(eq(dailyReservationPauses.pauseDate, TODAY));
      await p.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      const card = p.getByRole('region', { name: pausedTime.title });
      await card.waitFor();
      expect(await card.textContent()).toContain(pausedTime.description);
      expect(await submitButton(p).count()).toBe(0);
      // The form the guest was in has gone: the focus moves to the card's title.
      await expect
        .poll(() => p.evaluate(() => document.activeElement?.textContent), { timeout: WAIT })
        .toBe(pausedTime.title);

      await card.getByRole('button', { name: pausedTime.chooseAnother }).click();
      await submitButton(p).waitFor();
      // Back on the form: what was typed is kept, the time must be chosen again and has the focus.
      expect(await nameField(p).inputValue()).toBe('María José Núñez');
      expect(await dateButtonName(p)).toBe(chosenDateName(TODAY));
      expect(await timeField(p).inputValue()).toBe('');
      await expect
        .poll(() => timeField(p).evaluate((element) => element === document.activeElement), { timeout: WAIT })
        .toBe(true);
      expect(await timeOptions(p)).toContain(`16:00 ${form.slotUnavailable}|disabled`);

      // The page has not seen the next change: the server refuses the time as paused, and the card shows.
      await timeField(p).selectOption('17:00');
      await db()
        .update(dailyReservationPauses)
        .set({ endTime: '17:00' })
        .where(eq(dailyReservationPauses.pauseDate, TODAY));
      await consentBox(p).check();
      await submitButton(p).click();
      await card.waitFor();
      const refused = toast(p, messages.reservation.errors.title);
      await refused.waitFor();
      expect(await refused.textContent()).toContain(messages.reservation.errors.timePaused);
      await card.getByRole('button', { name: pausedTime.chooseAnother }).click();
      await submitButton(p).waitFor();
      expect(await timeField(p).inputValue()).toBe('');
      await expect.poll(() => timeOptions(p), { timeout: WAIT }).toContain(`17:00 ${form.slotUnavailable}|disabled`);

      // A free time still books.
      await timeField(p).selectOption('17:30');
      await submitButton(p).click();
      await toast(p, messages.reservation.success.title).waitFor();
      const [row] = await db()
        .select()
        .from(reservations)
        .where(and(eq(reservations.reservationDate, TODAY), eq(reservations.reservationTime, '17:30')));
      expect(row?.status).toBe('pending');
      expect(suite.pageErrors).toEqual([]);
    } finally {
      await db().delete(dailyReservationPauses).where(eq(dailyReservationPauses.pauseDate, TODAY));
    }
  });
});
