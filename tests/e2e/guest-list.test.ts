import { AxeBuilder } from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { guestListMessages as text } from '@shared/staff-messages/guest-list.ts';
import { guestProfileMessages as profileText } from '@shared/staff-messages/guest-profile.ts';
import { inArray } from 'drizzle-orm';
import { guests, reservations } from '../../src/server/db/schema.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservations } from '../support/factories.ts';

// Issue 47, items 1-2, in Chromium: the 'Clientes' tab on a laptop and on a 360 px phone. Tuesday 24 November 2026.
const NOW = new Date('2026-11-24T10:00:00Z');
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

async function guestWithVisits(name: string, dates: string[], tags: string[] = []) {
  const [row] = await db().insert(guests).values({ email: `${randomUUID()}@example.com`, phone: `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, tags }).returning();
  await insertReservations(db(), dates.map((reservationDate) => ({ guestId: row!.id, customerName: name, reservationDate, status: 'completed', arrivalStatus: 'arrived', numberOfPeople: 2 })));
  return row!;
}

describe("'Clientes'", () => {
  it('lists, filters by segment, searches, sorts and opens a guest on a laptop', async () => {
    await guestWithVisits('Rosa Habitual', ['2026-03-01', '2026-06-01', '2026-11-01']);
    await guestWithVisits('Tomás Perdido', ['2025-06-01', '2026-01-10'], ['VIP']);
    await guestWithVisits('Nuria Nueva', ['2026-11-15']);
    const page = await suite.openAdmin('/admin');
    await page.getByRole('tab', { name: staffMessages.admin.tabs.guests }).click();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Rosa Habitual' }).waitFor();
    expect(await new AxeBuilder({ page }).include('main').analyze().then((result) => result.violations.map((each) => each.id))).toEqual([]);

    const regulars = page.getByRole('button', { name: `${text.segments.regulars} (1)` });
    await regulars.click();
    expect(await regulars.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('status').getByText(text.countOne).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await regulars.click();

    await page.getByLabel(text.search).fill('perdi');
    await page.getByRole('status').getByText(text.countOne).waitFor();
    await table.getByRole('link', { name: 'Tomás Perdido' }).waitFor();
    await page.getByLabel(text.search).fill('');

    await page.getByRole('button', { name: formatMessage(text.sortBy, { column: text.columns.visits }) }).click();
    await page.getByRole('status').getByText(formatMessage(text.count, { count: 3 })).waitFor();
    await expect.poll(async () => (await table.getByRole('row').nth(1).getByRole('rowheader').textContent())?.trim()).toBe('Rosa Habitual');
    await page.getByRole('button', { name: formatMessage(text.sortBy, { column: text.columns.visits }) }).click();
    await expect.poll(async () => (await table.getByRole('row').nth(1).getByRole('rowheader').textContent())?.trim()).toBe('Nuria Nueva');

    // The name opens the guest's profile page (its own tests: guest-profile.test.ts).
    await table.getByRole('link', { name: 'Rosa Habitual' }).click();
    await page.getByRole('article', { name: 'Rosa Habitual' }).getByRole('heading', { name: `${profileText.bookings.title} (3)` }).waitFor();
  });

  it('shows each guest as a card on a 360 px phone', async () => {
    await guestWithVisits('Carmen Móvil', ['2026-10-01']);
    const page = await suite.openAdmin('/admin?tab=clientes', PHONE);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Carmen Móvil' }) });
    await card.waitFor();
    await card.getByText(text.columns.lastVisit).waitFor();
    await card.getByText('01/10/2026').waitFor();
    await page.getByLabel(text.sortLabel, { exact: true }).selectOption(text.columns.name);
    await page.getByLabel(text.direction, { exact: true }).selectOption(text.ascending);
    await expect.poll(async () => (await page.getByRole('listitem').first().getByRole('link').first().textContent())?.trim()).toBe('Carmen Móvil');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const button of await page.getByRole('group', { name: text.title }).getByRole('button').all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  });

  it("joins two profiles of one person with 'Unir clientes'", async () => {
    const first = await guestWithVisits('Elena Doble', ['2026-05-01']);
    const second = await guestWithVisits('Elena Doble', ['2026-09-01', '2026-10-01']);
    await db().update(reservations).set({ customerPhone: '655 111 222' }).where(inArray(reservations.guestId, [first.id, second.id]));
    const page = await suite.openAdmin('/admin?tab=clientes');
    await page.getByLabel(text.search).fill('Elena Doble');
    await page.getByRole('status').getByText(formatMessage(text.count, { count: 2 })).waitFor();
    await page.getByRole('table').getByRole('link', { name: 'Elena Doble' }).first().click();
    const profile = page.getByRole('article', { name: 'Elena Doble' });
    await profile.getByRole('button', { name: formatMessage(text.merge.mergeWith, { name: 'Elena Doble' }) }).click();
    await page.getByRole('dialog', { name: text.merge.title }).getByRole('button', { name: text.merge.confirm }).click();
    // The profile opened (the latest visit first) takes the other's one booking.
    await toast(page, text.merge.mergedOne).waitFor();
    await profile.getByText(text.merge.none).waitFor();
    await profile.getByRole('heading', { name: `${profileText.bookings.title} (3)` }).waitFor();
    await page.getByRole('link', { name: profileText.back }).click();
    await page.getByRole('status').getByText(text.countOne).waitFor();
  });
});
