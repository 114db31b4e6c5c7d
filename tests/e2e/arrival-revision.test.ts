import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation } from '../support/factories.ts';
import { reservations, reservationTables } from '../../src/server/db/schema.ts';

// Issue 52, item 2 (decision 062): 'Esperando' takes back a mistaken 'Llegó' or 'No vino', and an arrival tapped on a
// row another session changed first is refused with the edit's 409 text while the row reloads. Tuesday 24 November
// 2026, 11:00 in Madrid, frozen; on the encargado's tablet and on a waiter's phone.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const actions = staffMessages.admin.actions;
const WAITING = messages.arrivalStatus.pending;
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  await db().delete(reservationTables);
  await db().delete(reservations);
});

const button = (card: Locator, name: string) => card.getByRole('button', { name, exact: true });

/**
 * Taps an arrival button of the card and waits for the new state to show: as the pressed one, or for 'Esperando' as
 * no longer offered (nothing to take back) with 'Llegó' offered again.
 */
async function setArrival(page: Page, card: Locator, name: string): Promise<void> {
  await button(card, name).click();
  await toast(page, staffMessages.admin.toasts.arrivalUpdated).waitFor();
  if (name !== WAITING) {
    await expect.poll(() => button(card, name).getAttribute('aria-pressed')).toBe('true');
    return;
  }
  await expect.poll(() => button(card, WAITING).count()).toBe(0);
  expect(await button(card, actions.arrived).getAttribute('aria-pressed')).toBe('false');
}

describe.each([
  ['a 1024×768 tablet', TABLET],
  ['a 390 px phone', PHONE],
])("arrival changes on %s", (_device, options) => {
  it("offers 'Esperando' after 'Llegó' and after 'No vino', and takes the booking back to it", async () => {
    const row = await insertReservation(db(), { customerName: 'Lucía Vuelve', reservationDate: TODAY, reservationTime: '13:00', status: 'confirmed' });
    const page = await suite.openAdmin('/admin', options);
    const card = await openBooking(page, 'Lucía Vuelve');
    // Nothing to take back yet.
    expect(await button(card, WAITING).count()).toBe(0);

    await setArrival(page, card, actions.arrived);
    await setArrival(page, card, WAITING);
    await setArrival(page, card, actions.noShow);
    await setArrival(page, card, WAITING);
    await expect.poll(async () => (await db().select().from(reservations).where(eq(reservations.id, row.id)))[0]?.arrivalStatus).toBe('pending');
    expect(suite.pageErrors).toEqual([]);
  });

  it("refuses a 'Llegó' tapped on a booking another session marked 'No vino' first, and reloads the row", async () => {
    const row = await insertReservation(db(), { customerName: 'Pablo Pisado', reservationDate: TODAY, reservationTime: '13:30', status: 'confirmed' });
    const page = await suite.openAdmin('/admin', options);
    const card = await openBooking(page, 'Pablo Pisado');
    await button(card, actions.arrived).waitFor();
    // The encargado's 'No vino', from another session, before this screen heard of it.
    await db()
      .update(reservations)
      .set({ arrivalStatus: 'no_show', revision: sql`${reservations.revision} + 1` })
      .where(eq(reservations.id, row.id));

    await button(card, actions.arrived).click();
    await toast(page, staffMessages.admin.edit.stale).waitFor();
    await expect.poll(() => button(card, actions.noShow).getAttribute('aria-pressed')).toBe('true');
    await button(card, WAITING).waitFor();
    expect((await db().select().from(reservations).where(eq(reservations.id, row.id)))[0]?.arrivalStatus).toBe('no_show');

    // Reloaded, the waiter's own change goes through.
    await setArrival(page, card, actions.arrived);
  });
});
