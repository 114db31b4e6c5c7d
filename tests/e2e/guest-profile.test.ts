import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { guestProfileMessages as text } from '@shared/staff-messages/guest-profile.ts';
import { noShowRiskMessages } from '@shared/staff-messages/no-show-risk.ts';
import { eq } from 'drizzle-orm';
import { feedbackRequests, guests } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, BROWSER_WAIT_MS, openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertGuest, insertReservation, insertReservations, insertStaff } from '../support/factories.ts';

// Issue 47, item 1, in Chromium: a guest's profile page opened from 'Clientes' on a laptop, the objection to the
// no-show risk taking the risk off the host stand, and the page on a 360 px phone. Tuesday 24 November 2026.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const LAPTOP = { viewport: { width: 1366, height: 900 } };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

/** A guest with two earlier no-shows, a visit rated 5 with a comment, and a web booking tonight: 'alta' risk. */
async function riskyGuest(name: string) {
  const guest = await insertGuest(db(), { phone: `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` });
  const [visit] = await insertReservations(db(), [
    { guestId: guest.id, customerName: name, reservationDate: '2026-11-10', reservationTime: '21:00', numberOfPeople: 4, status: 'completed', arrivalStatus: 'arrived', billCents: 9_850 },
    { guestId: guest.id, customerName: name, reservationDate: '2026-10-10', status: 'confirmed', arrivalStatus: 'no_show' },
    { guestId: guest.id, customerName: name, reservationDate: '2026-10-17', status: 'confirmed', arrivalStatus: 'no_show' },
  ]);
  await db().insert(feedbackRequests).values({
    reservationId: visit!.id,
    guestId: guest.id,
    channel: 'email',
    requestedAt: new Date('2026-11-11T10:00:00Z'),
    expiresAt: new Date('2026-11-25T10:00:00Z'),
    answeredAt: new Date('2026-11-11T19:00:00Z'),
    rating: 5,
    comment: 'La mejor paella del barrio',
  });
  await insertReservation(db(), { guestId: guest.id, customerName: name, reservationDate: TODAY, reservationTime: '21:00', status: 'confirmed', source: 'public', createdAt: NOW });
  return guest;
}

const riskIcon = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) }).getByRole('button', { name: noShowRiskMessages.names.alta });

describe("a guest's profile page", () => {
  it("opens from 'Clientes' on a laptop with bookings and feedback, and its objection takes the risk off Reservas", async () => {
    const name = 'Lucía Ficha';
    const guest = await riskyGuest(name);
    const page = await suite.openAdmin('/admin', LAPTOP);
    await riskIcon(page, name).waitFor({ timeout: BROWSER_WAIT_MS });

    await page.getByRole('tab', { name: staffMessages.admin.tabs.guests }).click();
    await page.getByRole('table').getByRole('link', { name }).click();
    const profile = page.getByRole('article', { name });
    await profile.getByRole('heading', { name: `${text.bookings.title} (4)` }).waitFor({ timeout: BROWSER_WAIT_MS });
    // The page's title takes the focus, for the keyboard and screen readers.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name);
    expect(new URL(page.url()).searchParams.get('cliente')).toBe(guest.id);
    await profile.getByText('La mejor paella del barrio').waitFor();
    expect(await profile.getByRole('list', { name: text.feedback.title }).getByText(formatMessage(text.feedback.rating, { rating: 5 })).count()).toBe(1);
    await profile.getByRole('list', { name: text.bookings.title }).getByText('98,50 €').waitFor();
    expect(await new AxeBuilder({ page }).include('main').analyze().then((result) => result.violations.map((each) => each.id))).toEqual([]);

    const objection = profile.getByRole('switch', { name: text.objection.label });
    expect(await objection.getAttribute('aria-checked')).toBe('false');
    await objection.click();
    await toast(page, text.objection.on).waitFor();
    await expect.poll(() => objection.getAttribute('aria-checked')).toBe('true');
    await expect.poll(async () => (await db().select().from(guests).where(eq(guests.id, guest.id)))[0]!.riskObjectedAt).not.toBeNull();

    await page.getByRole('tab', { name: staffMessages.admin.tabs.today }).click();
    await page.getByRole('button', { name, exact: true }).first().waitFor();
    await expect.poll(() => riskIcon(page, name).count()).toBe(0);

    // Back on the profile, by keyboard: the switch turns off with the space bar, and the risk comes back.
    await page.goBack();
    await page.goto(suite.url(`/admin?tab=clientes&cliente=${guest.id}`));
    const again = page.getByRole('switch', { name: text.objection.label });
    await expect.poll(() => again.getAttribute('aria-checked'), { timeout: BROWSER_WAIT_MS }).toBe('true');
    await again.focus();
    await page.keyboard.press('Space');
    await toast(page, text.objection.off).waitFor();
    await page.getByRole('link', { name: text.back }).click();
    await page.getByRole('table').getByRole('link', { name }).waitFor();
    await page.getByRole('tab', { name: staffMessages.admin.tabs.today }).click();
    await riskIcon(page, name).waitFor({ timeout: BROWSER_WAIT_MS });
  });

  it("opens from the host stand's guest dialog with 'Ver ficha', for the owner; not offered to sala", async () => {
    const name = 'Marta Mostrador';
    const guest = await riskyGuest(name);
    const page = await suite.openAdmin('/admin', LAPTOP);
    const card = await openBooking(page, name);
    await card.getByRole('button', { name: staffMessages.guests.open }).click();
    const dialog = page.getByRole('dialog', { name: staffMessages.guests.title });
    await dialog.getByRole('link', { name: text.open }).click();
    await page.getByRole('article', { name }).getByRole('heading', { name: `${text.bookings.title} (4)` }).waitFor({ timeout: BROWSER_WAIT_MS });
    expect(await dialog.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('cliente')).toBe(guest.id);

    const floor = await insertStaff(db(), { roles: ['floor'], passwordHash: await hashPassword(ADMIN_PASSWORD) });
    const floorPage = await suite.openAdmin('/admin', { ...LAPTOP, email: floor.email });
    const floorCard = await openBooking(floorPage, name);
    await floorCard.getByRole('button', { name: staffMessages.guests.open }).click();
    const floorDialog = floorPage.getByRole('dialog', { name: staffMessages.guests.title });
    await floorDialog.getByLabel(staffMessages.guests.noteLabel, { exact: true }).waitFor({ timeout: BROWSER_WAIT_MS });
    expect(await floorDialog.getByRole('link', { name: text.open }).count()).toBe(0);
  });

  it('fits a 360 px phone, every control a 44 px target', async () => {
    const name = 'Pablo Móvil';
    const guest = await riskyGuest(name);
    const page = await suite.openAdmin(`/admin?tab=clientes&cliente=${guest.id}`, PHONE);
    const profile = page.getByRole('article', { name });
    await profile.getByRole('heading', { name: `${text.bookings.title} (4)` }).waitFor({ timeout: BROWSER_WAIT_MS });
    await profile.getByText('La mejor paella del barrio').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const back = page.getByRole('link', { name: text.back });
    const label = page.getByText(text.objection.label, { exact: true });
    for (const target of [back, label, profile.getByRole('button', { name: staffMessages.guests.noteSave })]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // The whole row is the switch's label: a tap on its words turns it on.
    await label.tap();
    await expect.poll(() => profile.getByRole('switch', { name: text.objection.label }).getAttribute('aria-checked')).toBe('true');
  });
});
