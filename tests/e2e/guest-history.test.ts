import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { historyMessages } from '@shared/staff-messages/history.ts';
import { guests, restaurantConfig } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertGuest, insertReservation, type NewReservation } from '../support/factories.ts';

// Guest history (issue 11) on the staff's cards: Tuesday 24 November 2026, 11:00 in Madrid, frozen.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';

const text = staffMessages.guests;
const admin = staffMessages.admin;
const WAIT = BROWSER_WAIT_MS;

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
/** Four random letters: customer names may not hold digits. */
const letters = () =>
  Array.from(randomUUID().replace(/-/g, '').slice(0, 4), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('');
const card = (p: Page | Locator, name: string) => p.getByRole('article', { name });


/** A returning guest: two visits and a no-show in the autumn, a booking today at 14:00. */
async function returningGuest(name: string) {
  const guest = await insertGuest(db(), {
    email: `${randomUUID().slice(0, 8)}@example.com`,
    phone: `6${randomInt(10_000_000, 99_999_999)}`,
  });
  const reservation = (values: Partial<NewReservation>) =>
    insertReservation(db(), {
      customerName: name,
      customerPhone: '600 123 456',
      customerEmail: guest.email,
      reservationDate: TODAY,
      status: 'confirmed',
      guestId: guest.id,
      ...values,
    });
  await reservation({ reservationDate: '2026-09-12', status: 'completed', arrivalStatus: 'arrived', adminNotes: '[Cliente] Mesa tranquila' });
  const october = await reservation({ reservationDate: '2026-10-03', status: 'completed', arrivalStatus: 'arrived', numberOfPeople: 4 });
  await reservation({ reservationDate: '2026-10-31', arrivalStatus: 'no_show' });
  const today = await reservation({});
  return { guestId: guest.id, october, today };
}

describe('guest history on the reservation cards', () => {
  it("shows a returning guest's history, and a permanent note added in the guest dialog appears on the guest's other cards", async () => {
    const name = `Rocío Valdés ${letters()}`;
    const { guestId } = await returningGuest(name);
    const staff = await suite.openAdmin('/admin');

    // Today's card: the guest's earlier visits and no-show, nothing from this reservation itself.
    const todayCard = await openBooking(staff, name);
    await todayCard.getByText('2 visitas · 1 no vino', { exact: true }).waitFor();
    expect(await todayCard.getByRole('note').count()).toBe(0);

    await todayCard.getByRole('button', { name: text.open }).click();
    const dialog = staff.getByRole('dialog', { name: text.title });
    await dialog.waitFor();
    const items = dialog.getByRole('listitem').filter({ hasText: /\d{2}\/\d{2}\/\d{4}/ });
    await expect.poll(() => items.allTextContents(), { timeout: WAIT }).toHaveLength(4);
    const rows = await items.allTextContents();
    // Newest first, each with its date, time, people, status and note.
    expect(rows[0]).toContain('24/11/2026 · 14:00 · 2 personas');
    expect(rows[1]).toContain('31/10/2026');
    expect(rows[1]).toContain(messages.arrivalStatus.no_show);
    expect(rows[2]).toContain('03/10/2026 · 14:00 · 4 personas');
    expect(rows[3]).toContain('12/09/2026');
    expect(rows[3]).toContain('Mesa tranquila');

    const note = dialog.getByLabel(text.noteLabel, { exact: true });
    await note.fill('x'.repeat(1001));
    await dialog.getByRole('button', { name: text.noteSave }).click();
    await dialog.getByRole('alert').filter({ hasText: 'no puede superar los 1000 caracteres' }).waitFor();
    expect((await db().select().from(guests).where(eq(guests.id, guestId)))[0]!.note).toBeNull();

    await note.fill('Alergia a los frutos secos');
    await dialog.getByRole('button', { name: text.noteSave }).click();
    await toast(staff, text.noteSaved).waitFor();
    await staff.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The note is on today's card at once …
    await expect.poll(() => todayCard.getByRole('note').textContent(), { timeout: WAIT }).toContain('Alergia a los frutos secos');
    expect((await db().select().from(guests).where(eq(guests.id, guestId)))[0]!.note).toBe('Alergia a los frutos secos');

    // … and on the guest's October card in Historial, whose counts leave that visit out.
    await staff.getByRole('tab', { name: admin.tabs.history }).click();
    await staff.getByLabel(historyMessages.search, { exact: true }).fill(name.split(' ').slice(1).join(' '));
    const octoberCard = card(staff, name).filter({ hasText: '03/10/2026' });
    await octoberCard.waitFor();
    expect(await octoberCard.getByRole('note').textContent()).toContain('Alergia a los frutos secos');
    expect(await octoberCard.getByText('1 visita · 1 no vino', { exact: true }).count()).toBe(1);
  });

  it("reaches another staff member's open screen through the live change", async () => {
    const name = `Íñigo Sarasola ${letters()}`;
    const { guestId } = await returningGuest(name);
    const first = await suite.openAdmin('/admin');
    const second = await suite.openAdmin('/admin');
    await openBooking(second, name);

    await (await openBooking(first, name)).getByRole('button', { name: text.open }).click();
    const dialog = first.getByRole('dialog', { name: text.title });
    await dialog.getByLabel(text.noteLabel, { exact: true }).fill('Prefiere terraza');
    await dialog.getByRole('button', { name: text.noteSave }).click();
    await toast(first, text.noteSaved).waitFor();

    // No reload on the second screen: the change event refreshes its list well before the 30 s poll.
    await card(second, name).getByRole('note').filter({ hasText: 'Prefiere terraza' }).waitFor({ timeout: 10_000 });
    expect((await db().select().from(guests).where(eq(guests.id, guestId)))[0]!.note).toBe('Prefiere terraza');
  });

  it('tags a guest and records allergens in the guest dialog, shown on their card', async () => {
    const name = `Paula Ordóñez ${letters()}`;
    const { guestId } = await returningGuest(name);
    const staff = await suite.openAdmin('/admin', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const todayCard = await openBooking(staff, name);
    await todayCard.getByRole('button', { name: text.open }).click();
    const dialog = staff.getByRole('dialog', { name: text.title });
    await dialog.getByRole('group', { name: text.tagsLabel }).getByRole('checkbox', { name: 'VIP' }).check();
    const allergens = dialog.getByRole('group', { name: text.allergensLabel });
    await allergens.getByRole('checkbox', { name: messages.allergens.gluten }).check();
    await allergens.getByRole('checkbox', { name: messages.allergens.nuts }).check();
    await dialog.getByRole('button', { name: text.tagsSave }).click();
    await toast(staff, text.tagsSaved).waitFor();
    expect((await db().select().from(guests).where(eq(guests.id, guestId)))[0]).toMatchObject({ tags: ['VIP'], allergens: ['gluten', 'nuts'] });

    await staff.keyboard.press('Escape');
    await todayCard.getByRole('note').filter({ hasText: `${text.cardAllergens}: Cereales con gluten, Frutos de cáscara` }).waitFor({ timeout: WAIT });
    await todayCard.getByRole('list', { name: text.tagsLabel }).getByText('VIP').waitFor();
  });

  it("the owner edits the guest tags in Configuración › Reservas, and the guest dialog offers the new list", async () => {
    await db().update(restaurantConfig).set({ guestTagOptions: ['VIP', 'Habitual', 'Prensa', 'Cumpleaños'] });
    const name = `Unai Lertxundi ${letters()}`;
    await returningGuest(name);
    const staff = await suite.openAdmin('/admin?tab=configuracion&seccion=reservas');
    const tags = staff.getByRole('list', { name: text.optionsTitle });
    await tags.getByText('Prensa').waitFor();
    await staff.getByRole('button', { name: 'Quitar la etiqueta Prensa' }).click();
    await expect.poll(() => tags.getByText('Prensa').count(), { timeout: WAIT }).toBe(0);
    await staff.getByLabel(text.optionsNew, { exact: true }).fill('Vegetariano');
    await staff.getByRole('button', { name: text.optionsAdd }).click();
    await tags.getByText('Vegetariano').waitFor();
    await expect.poll(async () => (await db().select().from(restaurantConfig))[0]!.guestTagOptions).toEqual(['VIP', 'Habitual', 'Cumpleaños', 'Vegetariano']);

    await staff.goto(suite.url('/admin'));
    await (await openBooking(staff, name)).getByRole('button', { name: text.open }).click();
    const offered = staff.getByRole('dialog', { name: text.title }).getByRole('group', { name: text.tagsLabel }).getByRole('checkbox');
    await expect.poll(() => offered.evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent))).toEqual(['VIP', 'Habitual', 'Cumpleaños', 'Vegetariano']);
  });
});
