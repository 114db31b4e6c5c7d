import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-messages.ts';
import { openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation } from '../support/factories.ts';
import { reservations, reservationTables } from '../../src/server/db/schema.ts';

// Issue 52, item 5: on a tablet the service view gives the list the width until a booking is opened; 'Llegó' is the
// primary (filled) button before the party arrives and 'Completar' after; a long name wraps, never cut. Tuesday
// 24 November 2026, 11:00 in Madrid, frozen; on a 1024×768 tablet and a 390 px phone.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const service = staffMessages.admin.service;
const actions = staffMessages.admin.actions;
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Sixty characters, as a guest may give them. */
const LONG_NAME = 'María de los Ángeles Fernández-Villaverde y Santamaría Ortiz';
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  await db().delete(reservationTables);
  await db().delete(reservations);
  const book = (customerName: string, reservationTime: string, arrivalStatus: 'pending' | 'arrived' = 'pending') =>
    insertReservation(db(), { customerName, reservationDate: TODAY, reservationTime, numberOfPeople: 2, status: 'confirmed', arrivalStatus });
  await book('Lucía Espera', '13:00');
  await book('Sentado Ya', '13:00', 'arrived');
  await book(LONG_NAME, '13:30');
});

const dayList = (page: Page) => page.getByRole('region', { name: staffMessages.admin.today.listLabel });
const row = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });
/** The Button component's variant: 'default' is the filled, primary one. */
const variantOf = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true }).getAttribute('data-variant');
/** The row's name as shown: its text, and whether all of it fits its box (no cut, nothing scrolled out of view). */
const shownName = (page: Page, name: string) =>
  row(page, name)
    .locator(':scope > button[aria-labelledby]')
    .evaluate((button) => {
      const label = document.getElementById(button.getAttribute('aria-labelledby')!)!;
      const style = getComputedStyle(label);
      return { text: label.textContent, fits: label.scrollWidth <= label.clientWidth, ellipsis: style.textOverflow === 'ellipsis' && style.overflow === 'hidden' };
    });

describe('the service view on a 1024×768 tablet', () => {
  it('gives the list the width until a booking is opened, then shows the detail beside it', async () => {
    const page = await suite.openAdmin('/admin', TABLET);
    await row(page, 'Lucía Espera').waitFor();
    const panel = page.getByRole('complementary', { name: service.detailLabel });
    expect(await panel.count()).toBe(0);
    const before = (await dayList(page).boundingBox())!;

    await openBooking(page, 'Lucía Espera');
    const beside = (await panel.boundingBox())!;
    const after = (await dayList(page).boundingBox())!;
    // The panel (26rem) and the gap now take what the list had.
    expect(before.width - after.width).toBeGreaterThanOrEqual(26 * 16);
    expect(beside.x).toBeGreaterThanOrEqual(after.x + after.width);
    expect(beside.x + beside.width).toBeLessThanOrEqual(1024);

    await panel.getByRole('button', { name: service.closeDetail }).click();
    await panel.waitFor({ state: 'detached' });
    expect((await dayList(page).boundingBox())!.width).toBe(before.width);
    expect(suite.pageErrors).toEqual([]);
  });
});

describe.each([
  ['a 1024×768 tablet', TABLET],
  ['a 390 px phone', PHONE],
])('the service view on %s', (_device, options) => {
  it("makes 'Llegó' the primary button before the arrival and 'Completar' after it, on the row and in the detail", async () => {
    const page = await suite.openAdmin('/admin', options);
    await row(page, 'Lucía Espera').waitFor();
    expect(await variantOf(row(page, 'Lucía Espera'), actions.arrived)).toBe('default');
    expect(await variantOf(row(page, 'Sentado Ya'), actions.complete)).toBe('default');

    const card = await openBooking(page, 'Lucía Espera');
    expect(await variantOf(card, actions.arrived)).toBe('default');
    expect(await variantOf(card, actions.complete)).toBe('outline');
    for (const other of [actions.noShow, actions.delayed, actions.cancel]) expect(await variantOf(card, other)).toBe('outline');

    await card.getByRole('button', { name: actions.arrived, exact: true }).click();
    await toast(page, staffMessages.admin.toasts.arrivalUpdated).waitFor();
    await expect.poll(() => variantOf(card, actions.complete)).toBe('default');
    expect(await variantOf(card, actions.arrived)).toBe('outline');
    expect(suite.pageErrors).toEqual([]);
  });

  it('wraps a 60-character name on the row and in the detail: all of it shown, no ellipsis', async () => {
    const page = await suite.openAdmin('/admin', options);
    await row(page, LONG_NAME).waitFor();
    expect(await shownName(page, LONG_NAME)).toEqual({ text: LONG_NAME, fits: true, ellipsis: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport.width);

    const card = await openBooking(page, LONG_NAME);
    const heading = card.getByRole('heading', { name: LONG_NAME, exact: true });
    expect(await heading.evaluate((element) => [element.textContent, element.scrollWidth <= element.clientWidth])).toEqual([LONG_NAME, true]);
    expect(suite.pageErrors).toEqual([]);
  });
});
