import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { noShowRiskMessages } from '@shared/staff-messages/no-show-risk.ts';
import { BROWSER_WAIT_MS, openBooking, useBrowserSuite } from '../support/admin-browser.ts';
import { insertGuest, insertReservation, insertReservations, type NewReservation } from '../support/factories.ts';

// Issue 47, item 4: the no-show risk on the host stand (the service view's rows, the booking's card) and in the
// pending list. Tuesday 24 November 2026, 11:00 in Madrid, frozen.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';
const today = staffMessages.admin.today;
const reasons = noShowRiskMessages.reasons;
const LAPTOP = { viewport: { width: 1366, height: 900 } };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

const riskName = (level: 'media' | 'alta') => noShowRiskMessages.names[level];
/** Customer names may hold no digits. */
const letters = () => Array.from(randomUUID().replace(/-/g, '').slice(0, 5), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('');
const row = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });

/** A booking whose guest has the earlier bookings given. */
async function booked(name: string, past: Partial<NewReservation>[], values: Partial<NewReservation>) {
  const guest = await insertGuest(db());
  if (past.length) await insertReservations(db(), past.map((earlier) => ({ guestId: guest.id, customerName: name, reservationDate: '2026-10-10', ...earlier })));
  return insertReservation(db(), { guestId: guest.id, customerName: name, reservationDate: TODAY, reservationTime: '21:00', status: 'confirmed', createdAt: NOW, ...values });
}
const noShow: Partial<NewReservation> = { status: 'confirmed', arrivalStatus: 'no_show' };
const visit: Partial<NewReservation> = { status: 'completed', arrivalStatus: 'arrived' };

async function expectTouchTarget(button: Locator, viewportWidth?: number) {
  const box = (await button.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  if (viewportWidth) expect(box.x + box.width).toBeLessThanOrEqual(viewportWidth);
}

describe('the no-show risk on Reservas', () => {
  it("shows 'alta' with its reasons on the row and the card, by click and by keyboard, and nothing for a regular who confirmed", async () => {
    const risky = `Riesgo Alto ${letters()}`;
    const regular = `Habitual Fiel ${letters()}`;
    await booked(risky, [noShow, noShow], { source: 'public' });
    await booked(regular, [visit, visit, visit], { source: 'admin', guestConfirmedAt: NOW });
    const page = await suite.openAdmin('/admin', LAPTOP);

    const icon = row(page, risky).getByRole('button', { name: riskName('alta') });
    await icon.waitFor({ timeout: BROWSER_WAIT_MS });
    await expectTouchTarget(icon);
    expect(await icon.getAttribute('aria-expanded')).toBe('false');
    expect(await row(page, regular).getByRole('button', { name: /Riesgo de no presentarse/ }).count()).toBe(0);

    await icon.click();
    const why = row(page, risky).getByRole('listitem');
    await row(page, risky).getByText(reasons.earlierNoShows, { exact: true }).waitFor();
    expect(await why.allTextContents()).toEqual([reasons.earlierNoShows, reasons.firstVisit, reasons.webRequest]);
    expect(await icon.getAttribute('aria-expanded')).toBe('true');

    // The keyboard closes and opens it again.
    await icon.focus();
    await page.keyboard.press('Enter');
    await row(page, risky).getByText(reasons.earlierNoShows, { exact: true }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Space');
    await row(page, risky).getByText(reasons.earlierNoShows, { exact: true }).waitFor();

    // The booking's card says the same.
    const card = await openBooking(page, risky);
    await card.getByRole('button', { name: riskName('alta') }).click();
    await card.getByText(reasons.webRequest, { exact: true }).waitFor();
  });

  it("shows a 'media' risk in the pending list", async () => {
    const name = `Pendiente Grupo ${letters()}`;
    // A first visit, a web request: 2 points.
    await booked(name, [], { source: 'public', status: 'pending', reservationDate: TOMORROW });
    const page = await suite.openAdmin('/admin', LAPTOP);
    await page.getByRole('button', { name: today.pendingAlerts }).click();
    const dialog = page.getByRole('dialog', { name: staffMessages.admin.pendingAlerts.title });
    const card = dialog.getByRole('article', { name });
    const icon = card.getByRole('button', { name: riskName('media') });
    await icon.click();
    // In the reasons' list: the guest's history on the card says 'Primera visita' too.
    await card.getByRole('listitem').getByText(reasons.firstVisit, { exact: true }).waitFor();
    await card.getByRole('listitem').getByText(reasons.webRequest, { exact: true }).waitFor();
    await expectTouchTarget(icon);
  });

  it('opens the reasons with a tap on a 360 px phone, the icon inside the screen', async () => {
    const name = `Riesgo Movil ${letters()}`;
    await booked(name, [noShow, noShow], { source: 'admin', numberOfPeople: 10 });
    const page = await suite.openAdmin('/admin', PHONE);
    const icon = row(page, name).getByRole('button', { name: riskName('alta') });
    await icon.tap();
    await row(page, name).getByText(reasons.veryLargeParty, { exact: true }).waitFor();
    await expectTouchTarget(icon, 360);
    const text = row(page, name).getByText(reasons.earlierNoShows, { exact: true });
    const box = (await text.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  });

  it("'Llamar para confirmar' lists tomorrow's 'alta' bookings with a number to dial, on a laptop and a 360 px phone", async () => {
    const risky = `Llamar Mañana ${letters()}`;
    const calm = `Tranquilo Mañana ${letters()}`;
    await booked(risky, [noShow, noShow], { source: 'admin', reservationDate: TOMORROW, reservationTime: '20:30', numberOfPeople: 4, customerPhone: '600 222 333', customerPhoneE164: '+34600222333' });
    await booked(calm, [visit, visit, visit], { source: 'admin', reservationDate: TOMORROW });
    const call = noShowRiskMessages.callToConfirm;
    for (const options of [LAPTOP, PHONE]) {
      const page = await suite.openAdmin('/admin', options);
      await page.getByRole('button', { name: today.callToConfirm }).click();
      const dialog = page.getByRole('dialog', { name: call.title });
      const link = dialog.getByRole('link', { name: formatMessage(call.call, { name: risky, phone: '600 222 333' }) });
      await link.waitFor({ timeout: BROWSER_WAIT_MS });
      expect(await link.getAttribute('href')).toBe('tel:+34600222333');
      await dialog.getByText(formatMessage(call.party, { time: '20:30', people: 4 }), { exact: true }).waitFor();
      await dialog.getByText(`${reasons.earlierNoShows} · ${reasons.firstVisit}`, { exact: true }).waitFor();
      expect(await dialog.getByText(calm).count()).toBe(0);
      await expectTouchTarget(link, options.viewport.width);
    }
  });
});
