import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { BROWSER_WAIT_MS, openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation, insertTable, type NewReservation } from '../support/factories.ts';
import { openGuestForm, pickDate } from '../support/guest-form.ts';
import { reservations, reservationTables, restaurantConfig, tables } from '../../src/server/db/schema.ts';

// Issue 22 on Reservas: the compact service view (rows by slot, the day's covers, 'Por confirmar', filter chips and
// the chosen booking's detail), 'Buscar' by any digits of the phone, and the day's timers. Tuesday 24 November 2026,
// 11:00 in Madrid, frozen.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const text = staffMessages.admin.today;
const service = staffMessages.admin.service;
const actions = staffMessages.admin.actions;
const LAPTOP = { viewport: { width: 1366, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

/** The customers' names of the rows in a region of the service view, top to bottom. */
const rowNames = (region: Locator) =>
  region.locator('li > button[aria-labelledby]').evaluateAll((buttons) => buttons.map((button) => document.getElementById(button.getAttribute('aria-labelledby')!)?.textContent));
const dayList = (page: Page) => page.getByRole('region', { name: text.listLabel });
/** The row of a booking: the list item holding the button named by the customer (the filter's locator is the page's). */
const row = (scope: Page | Locator, name: string) => {
  const page = 'mainFrame' in scope ? scope : scope.page();
  return scope.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });
};
const chip = (page: Page, label: string) => page.getByRole('group', { name: service.filtersLabel }).getByRole('button', { name: new RegExp(`^${label} \\d+$`) });

beforeEach(async () => {
  await db().delete(reservationTables);
  await db().delete(reservations);
  await db().delete(tables);
  await db().update(restaurantConfig).set({ capacityMode: 'covers', reservationDurationMinutes: 90 });
});

/**
 * A Saturday-sized day of 30 bookings from 13:00 to 17:30: three requests to confirm, four seated, two cancelled,
 * one 'No vino', one completed and nineteen expected.
 */
async function busyDay(): Promise<void> {
  const book = (customerName: string, reservationTime: string, numberOfPeople: number, values: Partial<NewReservation> = {}) =>
    insertReservation(db(), { customerName, reservationDate: TODAY, reservationTime, numberOfPeople, status: 'confirmed', ...values });
  const slots = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'];
  for (let i = 0; i < 19; i++) await book(`Esperado ${String.fromCharCode(65 + i)}`, slots[i % 10]!, 2);
  await book('Pide Mesa Uno', '14:00', 4, { status: 'pending' });
  await book('Pide Mesa Dos', '15:00', 3, { status: 'pending' });
  await book('Pide Mesa Tres', '16:30', 2, { status: 'pending' });
  for (const name of ['Sentado Uno', 'Sentado Dos', 'Sentado Tres', 'Sentado Cuatro']) await book(name, '13:00', 3, { arrivalStatus: 'arrived' });
  await book('Anulada Una', '13:30', 6, { status: 'cancelled' });
  await book('Anulada Dos', '14:00', 2, { status: 'cancelled' });
  await book('No Apareció', '13:30', 5, { arrivalStatus: 'no_show' });
  await book('Ya Se Fue', '13:00', 2, { status: 'completed', arrivalStatus: 'arrived' });
}

describe('the service view', () => {
  it('runs a 30-booking day on a laptop: covers, slots, requests on top, filters and the detail beside the list', async () => {
    await busyDay();
    const page = await suite.openAdmin('/admin', LAPTOP);
    // 19 × 2 expected; 4 × 3 seated plus 2 completed. Requests, cancellations and the no-show do not count.
    await page.getByText('52 cubiertos · 14 sentados · 38 por llegar', { exact: true }).waitFor();

    const requests = page.getByRole('region', { name: `${service.pendingStrip} (3)` });
    expect(await rowNames(requests)).toEqual(['Pide Mesa Uno', 'Pide Mesa Dos', 'Pide Mesa Tres']);
    expect(await row(requests, 'Pide Mesa Uno').getByRole('button', { name: actions.confirm }).count()).toBe(1);
    const thirteen = page.getByRole('region', { name: formatMessage(service.slotLabel, { slot: '13:00' }) });
    await thirteen.getByRole('heading', { name: '13:00 · 18 cubiertos' }).waitFor();
    expect(await rowNames(thirteen)).toEqual(['Esperado A', 'Esperado K', 'Sentado Cuatro', 'Sentado Dos', 'Sentado Tres', 'Sentado Uno', 'Ya Se Fue']);

    await chip(page, service.filters.seated).click();
    await expect.poll(() => rowNames(dayList(page))).toEqual(['Sentado Cuatro', 'Sentado Dos', 'Sentado Tres', 'Sentado Uno']);
    await chip(page, service.filters.cancelled).click();
    await expect.poll(() => rowNames(dayList(page))).toEqual(['Anulada Una', 'Anulada Dos']);
    await chip(page, service.filters.noShow).click();
    await expect.poll(() => rowNames(dayList(page))).toEqual(['No Apareció']);
    await chip(page, service.filters.pending).click();
    await expect.poll(() => rowNames(dayList(page))).toEqual(['Pide Mesa Uno', 'Pide Mesa Dos', 'Pide Mesa Tres']);
    expect(await chip(page, service.filters.confirmed).textContent()).toBe(`${service.filters.confirmed}24`);
    await chip(page, service.filters.all).click();
    await expect.poll(async () => (await rowNames(dayList(page))).length).toBe(30);

    // The spec's card of the chosen row, beside the list, which stays in view and usable.
    const card = await openBooking(page, 'Esperado C');
    const panel = page.getByRole('complementary', { name: service.detailLabel });
    expect(await panel.getByRole('article', { name: 'Esperado C' }).count()).toBe(1);
    await card.getByText(text.noNotes, { exact: true }).waitFor();
    for (const label of [actions.complete, actions.arrived, actions.noShow, actions.delayed, actions.cancel]) {
      await card.getByRole('button', { name: label, exact: true }).waitFor();
    }
    const listBox = (await dayList(page).boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);

    // A row's next step, without opening it: 'Llegó' seats the party and the day's line follows.
    await row(page, 'Esperado D').getByRole('button', { name: actions.arrived }).click();
    await toast(page, staffMessages.admin.toasts.arrivalUpdated).waitFor();
    await page.getByText('52 cubiertos · 16 sentados · 36 por llegar', { exact: true }).waitFor();
    await row(page, 'Esperado D').getByRole('button', { name: actions.complete }).waitFor();
    expect(suite.pageErrors).toEqual([]);
  });

  it('fits a phone: one toolbar row, the first booking above the fold, 44 px targets, the detail full screen', async () => {
    await busyDay();
    const page = await suite.openAdmin('/admin', PHONE);
    const first = page.getByRole('button', { name: 'Pide Mesa Uno', exact: true });
    await first.waitFor();
    const firstBox = (await first.boundingBox())!;
    expect(firstBox.y + firstBox.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const tools = [text.addManual, text.pendingAlerts, text.upcoming, text.pause, text.blockDay];
    const boxes = await Promise.all(tools.map(async (name) => (await page.getByRole('button', { name: new RegExp(`^${name}`) }).boundingBox())!));
    expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
    for (const box of [...boxes, firstBox, (await chip(page, service.filters.late).boundingBox())!]) {
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }

    await page.getByRole('button', { name: 'Esperado B', exact: true }).tap();
    const detail = page.getByRole('dialog', { name: service.detailLabel });
    const detailBox = (await detail.boundingBox())!;
    expect(detailBox.width).toBe(390);
    await detail.getByRole('article', { name: 'Esperado B' }).getByRole('button', { name: actions.noShow }).tap();
    await toast(page, staffMessages.admin.toasts.arrivalUpdated).waitFor();
    await detail.getByRole('button', { name: service.closeDetail }).tap();
    await detail.waitFor({ state: 'detached' });
    await chip(page, service.filters.noShow).tap();
    await expect.poll(() => rowNames(dayList(page))).toEqual(['Esperado B', 'No Apareció']);
  });

  it("shows an allergen the guest declared in the booking form as an icon on the staff's row", async () => {
    const guest = await openGuestForm(suite);
    const form = messages.reservation.form;
    await guest.getByLabel(form.name, { exact: true }).fill('Celia Sin Gluten');
    await guest.getByLabel(form.phone, { exact: true }).fill('600 700 800');
    await guest.getByLabel(form.email, { exact: true }).fill('celia@example.com');
    await pickDate(guest, TODAY);
    await guest.getByLabel(form.time, { exact: true }).selectOption('14:00');
    await guest.getByText(form.allergens, { exact: true }).click();
    await guest.getByRole('checkbox', { name: messages.allergens.gluten }).check();
    await guest.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix}`) }).check();
    await guest.getByRole('button', { name: form.submit }).click();
    await guest.getByText(messages.reservation.success.title).first().waitFor();

    const page = await suite.openAdmin('/admin', PHONE);
    const icon = row(page, 'Celia Sin Gluten').getByRole('img', { name: formatMessage(service.allergens, { list: messages.allergens.gluten }) });
    await icon.waitFor();
    expect(await row(page, 'Celia Sin Gluten').getByRole('img', { name: staffMessages.guests.firstVisit }).count()).toBe(1);
  });
});

describe("'Sin reserva'", () => {
  it('seats a walk-in at the table the engine proposes, and one that fits no table without a table on the say-so', async () => {
    await insertTable(db(), { tableNumber: 1, seats: 2, name: 'Mesa 1', positionX: 100, positionY: 100 });
    await insertTable(db(), { tableNumber: 2, seats: 4, name: 'Mesa 2', positionX: 300, positionY: 100 });
    const walkIn = staffMessages.admin.walkIn;
    const page = await suite.openAdmin('/admin', PHONE);
    await page.getByRole('button', { name: walkIn.open }).tap();
    const dialog = page.getByRole('dialog', { name: walkIn.title });
    await dialog.getByLabel(walkIn.people, { exact: true }).selectOption('3');
    await dialog.getByRole('status').filter({ hasText: formatMessage(walkIn.proposal, { tables: 'Mesa 2' }) }).waitFor();
    await dialog.getByLabel(walkIn.name, { exact: true }).fill('Familia Puerta');
    await dialog.getByRole('button', { name: walkIn.seat }).tap();
    await toast(page, formatMessage(walkIn.seatedAt, { tables: 'Mesa 2' })).waitFor();
    const seated = row(page, 'Familia Puerta');
    await seated.getByText('Mesa 2', { exact: true }).waitFor();
    await seated.getByText(messages.arrivalStatus.arrived, { exact: true }).waitFor();
    await seated.getByText('11:00', { exact: true }).waitFor();
    await page.getByText('3 cubiertos · 3 sentados · 0 por llegar', { exact: true }).waitFor();

    await page.getByRole('button', { name: walkIn.open }).tap();
    await dialog.getByLabel(walkIn.people, { exact: true }).selectOption('6');
    await dialog.getByRole('status').filter({ hasText: 'No hay mesa libre ahora para 6 personas.' }).waitFor();
    expect(await dialog.getByRole('button', { name: walkIn.seat, exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: walkIn.seatWithoutTable }).tap();
    await toast(page, walkIn.seatedWithoutTable).waitFor();
    await row(page, walkIn.defaultName).getByText(staffMessages.admin.service.noTable, { exact: true }).waitFor();
    await page.getByText('9 cubiertos · 9 sentados · 0 por llegar', { exact: true }).waitFor();
  });
});

describe("'Buscar' on Reservas", () => {
  it('filters in place by phone digits, reaches the coming days, and gives the day back when cleared', async () => {
    await insertReservation(db(), { customerName: 'Rosa Prefijo', customerPhone: '+34 633 444 555', reservationDate: '2026-11-24', reservationTime: '21:00', status: 'confirmed' });
    await insertReservation(db(), { customerName: 'Rosa Mañana', customerPhone: '633444555', reservationDate: '2026-11-25', reservationTime: '14:00' });
    await insertReservation(db(), { customerName: 'Rosa Ayer', customerPhone: '633-444-555', reservationDate: '2026-11-23', status: 'completed' });
    await insertReservation(db(), { customerName: 'Otro Cliente', customerPhone: '699 111 222', reservationDate: '2026-11-24', reservationTime: '14:00', status: 'confirmed' });
    const page = await suite.openAdmin('/admin', PHONE);
    await page.getByRole('button', { name: 'Otro Cliente', exact: true }).waitFor();

    const search = page.getByLabel(text.search, { exact: true });
    await search.fill('633 444 555');
    const found = page.getByRole('region', { name: text.searchResults });
    await expect.poll(() => rowNames(found), { timeout: BROWSER_WAIT_MS }).toEqual(['Rosa Prefijo', 'Rosa Mañana']);
    await found.getByText('miércoles, 25 de noviembre de 2026').waitFor();

    await search.fill('zzzz');
    await page.getByRole('status').filter({ hasText: formatMessage(text.searchEmpty, { search: 'zzzz' }) }).waitFor();

    await search.fill('');
    await expect.poll(() => rowNames(dayList(page)), { timeout: BROWSER_WAIT_MS }).toEqual(['Otro Cliente', 'Rosa Prefijo']);
  });

  it("opens a WhatsApp chat with the guest from the booking's card, prefilled in the guest's language (issue 46)", async () => {
    await insertReservation(db(), { customerName: 'Claire Martin', customerPhone: '+33 6 12 34 56 78', language: 'fr', reservationDate: TODAY, reservationTime: '21:00', status: 'confirmed' });
    await insertReservation(db(), { customerName: 'Fijo Sin Chat', customerPhone: '912 345 678', reservationDate: TODAY, reservationTime: '21:30', status: 'confirmed' });
    const page = await suite.openAdmin('/admin', LAPTOP);

    const card = await openBooking(page, 'Claire Martin');
    const chat = new URL((await card.getByRole('link', { name: staffMessages.admin.manualReservation.whatsappLink }).getAttribute('href'))!);
    expect(`${chat.origin}${chat.pathname}`).toBe('https://wa.me/33612345678');
    expect(chat.searchParams.get('text')).toMatch(/^Bonjour Claire Martin, c’est .+ au sujet de votre réservation du .+ à 21:00\.$/);

    const fixed = await openBooking(page, 'Fijo Sin Chat');
    await fixed.getByRole('link', { name: '912 345 678' }).waitFor();
    expect(await fixed.getByRole('link', { name: staffMessages.admin.manualReservation.whatsappLink }).count()).toBe(0);
  });
});

describe('timers', () => {
  it('marks a guest 15 minutes late and a party past its time, on the row and on the map', async () => {
    await insertReservation(db(), { customerName: 'Llega Tarde', reservationDate: TODAY, reservationTime: '10:40', status: 'confirmed' });
    await insertReservation(db(), { customerName: 'Aún A Tiempo', reservationDate: TODAY, reservationTime: '10:50', status: 'confirmed' });
    const seated = await insertReservation(db(), { customerName: 'Sobremesa Larga', reservationDate: TODAY, reservationTime: '09:00', status: 'confirmed', arrivalStatus: 'arrived' });
    const table = await insertTable(db(), { tableNumber: 1, seats: 4, name: 'Mesa 1', positionX: 100, positionY: 100 });
    await db().insert(reservationTables).values({ reservationId: seated.id, tableId: table.id });

    const page = await suite.openAdmin('/admin');
    await row(page, 'Llega Tarde').getByText('Llega tarde: 20 min', { exact: true }).waitFor();
    await row(page, 'Sobremesa Larga').getByText('Pasada de tiempo: 30 min', { exact: true }).waitFor();
    await row(page, 'Sobremesa Larga').getByText('Mesa 1', { exact: true }).waitFor();
    expect(await row(page, 'Aún A Tiempo').getByText(/Llega tarde/).count()).toBe(0);
    await chip(page, service.filters.late).click();
    await expect.poll(() => rowNames(dayList(page))).toEqual(['Llega Tarde']);

    await page.goto(suite.url('/admin?tab=mesas'));
    await page.getByRole('button', { name: /^Mesa 1, 4 personas: pasada de tiempo, Sobremesa Larga a las 09:00$/ }).waitFor();
  });
});
