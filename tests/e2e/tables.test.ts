import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { reservations, reservationTables, restaurantConfig, tables, userRoles, users } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { ADMIN_PASSWORD, openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation, insertTable, revisionOf } from '../support/factories.ts';

// The 'Mapa de Mesas' (spec point 2, issue 7) through Chromium. Server and browsers share one frozen instant:
// Tuesday 24 November 2026, 13:00 in Madrid, so the map opens at today 13:00.
const NOW = new Date('2026-11-24T12:00:00Z');
const TODAY = '2026-11-24';

const text = tableMessages.tables;
const seating = tableMessages.seating;
const toasts = staffMessages.admin.toasts;

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
const url = (path: string) => suite.url(path);

beforeAll(async () => {
  await db().update(restaurantConfig).set({ reservationDurationMinutes: 90 });
});
beforeEach(async () => {
  await db().delete(tables);
  await db().delete(reservations);
});

/** Signs in through /auth once per user, then reuses the session; `before` runs before the map is opened. */
async function openMap(email = suite.adminEmail, before?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await suite.openAdmin('/admin?tab=mesas', { email, before, viewport: { width: 1280, height: 1000 } });
  await page.getByRole('tab', { name: staffMessages.admin.tabs.tables, selected: true }).waitFor();
  return page;
}

const floor = (p: Page) => p.getByRole('group', { name: text.floorLabel });
const tableButton = (p: Page, name: string) => floor(p).getByRole('button', { name: new RegExp(`^${name}, `) });

async function counter(p: Page, label: string): Promise<number> {
  const item = p.getByRole('listitem').filter({ has: p.getByRole('heading', { name: label, exact: true }) });
  return Number(await item.locator('p').textContent());
}
const counters = async (p: Page) => [
  await counter(p, text.totalTables),
  await counter(p, text.totalSeats),
  await counter(p, text.activeTables),
  await counter(p, text.averageSeats),
];

async function addTableThroughDialog(p: Page, seats: number): Promise<void> {
  await p.getByRole('button', { name: text.add }).click();
  const dialog = p.getByRole('dialog', { name: text.addTitle });
  await dialog.getByLabel(text.seats, { exact: true }).fill(String(seats));
  await dialog.getByRole('button', { name: text.add }).click();
  await toast(p, toasts.tableAdded).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

const tableRow = async (name: string) => (await db().select().from(tables).where(eq(tables.name, name)))[0];

const placeTable = (tableNumber: number, seats: number, position: number) =>
  insertTable(db(), { tableNumber, seats, positionX: position, positionY: 100 });

const book = (customerName: string, time: string, numberOfPeople = 2) =>
  insertReservation(db(), { customerName, numberOfPeople, reservationDate: TODAY, reservationTime: time, status: 'confirmed' });

/** A staff write through the API with the page's own session, so the live change reaches the open screens. */
async function staffCall(p: Page, method: 'PATCH' | 'PUT', path: string, data: object) {
  const response = await p.request.fetch(url(`/api/admin${path}`), { method, data, headers: { origin: suite.app.instance.url } });
  expect(response.status()).toBe(200);
}

describe('the table map (Mesas tab)', () => {
  it('shows the loading text, adds tables through the dialog and keeps the counters', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await openMap(suite.adminEmail, (p) =>
      p.route('**/api/admin/tables', async (route) => {
        await held;
        await route.continue();
      }),
    );
    await page.getByRole('status').filter({ hasText: text.loading }).waitFor();
    release();
    await page.getByText(text.empty).waitFor();
    expect(await counters(page)).toEqual([0, 0, 0, 0]);

    // The name is required and the capacity 1-8, with the spec's messages.
    await page.getByRole('button', { name: text.add }).click();
    const dialog = page.getByRole('dialog', { name: text.addTitle });
    expect(await dialog.getByLabel(text.name, { exact: true }).inputValue()).toBe('Mesa 1');
    await dialog.getByLabel(text.name, { exact: true }).fill('');
    await dialog.getByLabel(text.seats, { exact: true }).fill('9');
    await dialog.getByRole('button', { name: text.add }).click();
    await dialog.getByText(text.nameRequired).waitFor();
    await dialog.getByText(text.seatsRange).waitFor();
    await dialog.getByRole('button', { name: messages.common.cancel }).click();

    await addTableThroughDialog(page, 6);
    await tableButton(page, 'Mesa 1').waitFor();
    expect(await counters(page)).toEqual([1, 6, 1, 6]);
    await addTableThroughDialog(page, 3);
    await tableButton(page, 'Mesa 2').waitFor();
    await expect.poll(() => counters(page)).toEqual([2, 9, 2, 5]);
    expect(await tableRow('Mesa 2')).toMatchObject({ tableNumber: 2, seats: 3, shape: 'square', isActive: true, positionX: 90 });

    // Deactivating one changes the active count only.
    await tableButton(page, 'Mesa 2').click();
    await page.getByRole('switch', { name: text.active }).click();
    await toast(page, toasts.tableUpdated).waitFor();
    await expect.poll(() => counters(page)).toEqual([2, 9, 1, 5]);
  });

  it('drags a table with the mouse, moves it with the arrow keys, and keeps the place after a reload', async () => {
    await placeTable(1, 4, 70);
    const page = await openMap();
    const table = tableButton(page, 'Mesa 1');
    const box = (await table.boundingBox())!;
    const width = (await floor(page).boundingBox())!.width;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + box.width / 2 + 20 * step, box.y + box.height / 2 + 10 * step);
    await page.mouse.up();
    const expectedX = Math.round(70 + (200 * 800) / width);
    const expectedY = Math.round(100 + (100 * 800) / width);
    await expect
      .poll(async () => {
        const row = await tableRow('Mesa 1');
        return [Math.abs(row!.positionX - expectedX) <= 1, Math.abs(row!.positionY - expectedY) <= 1];
      })
      .toEqual([true, true]);

    // Selected after the press: arrows move it by 1, Shift by 10.
    expect(await table.getAttribute('aria-pressed')).toBe('true');
    const before = (await tableRow('Mesa 1'))!;
    await table.press('ArrowRight');
    await table.press('Shift+ArrowDown');
    await expect
      .poll(async () => {
        const row = (await tableRow('Mesa 1'))!;
        return [row.positionX - before.positionX, row.positionY - before.positionY];
      })
      .toEqual([1, 10]);

    const moved = (await table.boundingBox())!;
    await page.reload();
    const after = (await tableButton(page, 'Mesa 1').boundingBox())!;
    expect(Math.abs(after.x - moved.x)).toBeLessThan(2);
    expect(Math.abs(after.y - moved.y)).toBeLessThan(2);
    expect(Math.abs(after.x - box.x - 201)).toBeLessThan(3);
  });

  it('saves rotation and capacity, and deletes a table after confirmation', async () => {
    await placeTable(1, 4, 70);
    await placeTable(2, 2, 300);
    const page = await openMap();
    await tableButton(page, 'Mesa 1').click();
    const card = page.getByRole('heading', { name: formatMessage(text.configTitle, { name: 'Mesa 1' }) });
    await card.waitFor();

    await page.getByRole('slider', { name: text.rotation }).press('ArrowRight');
    await page.getByRole('slider', { name: text.rotation }).press('ArrowRight');
    await toast(page, toasts.tableUpdated).waitFor();
    await expect.poll(async () => (await tableRow('Mesa 1'))!.rotation).toBe(30);

    await page.getByRole('combobox', { name: text.seats }).selectOption('8');
    await expect.poll(async () => (await tableRow('Mesa 1'))!.seats).toBe(8);
    await expect.poll(() => counters(page)).toEqual([2, 10, 2, 5]);

    await page.reload();
    await tableButton(page, 'Mesa 1').click();
    expect(await page.getByRole('slider', { name: text.rotation }).inputValue()).toBe('30');
    expect(await page.getByRole('combobox', { name: text.seats }).inputValue()).toBe('8');
    expect(await tableButton(page, 'Mesa 1').getAttribute('style')).toContain('rotate(30deg)');

    await page.getByRole('button', { name: text.delete }).click();
    const confirm = page.getByRole('dialog', { name: formatMessage(text.deleteConfirmTitle, { name: 'Mesa 1' }) });
    await confirm.getByRole('button', { name: messages.common.cancel }).click();
    expect(await tableRow('Mesa 1')).toBeDefined();
    await page.getByRole('button', { name: text.delete }).click();
    await confirm.getByRole('button', { name: text.deleteConfirm }).click();
    await toast(page, toasts.tableDeleted).waitFor();
    await tableButton(page, 'Mesa 1').waitFor({ state: 'detached' });
    expect(await tableRow('Mesa 1')).toBeUndefined();
    await expect.poll(() => counters(page)).toEqual([1, 2, 1, 2]);
  });

  it('shows the load error with a reload button', async () => {
    let failing = true;
    const page = await openMap(suite.adminEmail, (p) =>
      p.route('**/api/admin/tables', (route) =>
        failing
          ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'x', message: 'x' } }) })
          : route.continue(),
      ),
    );
    await page.getByRole('alert').filter({ hasText: text.loadError }).waitFor();
    failing = false;
    await page.getByRole('button', { name: text.reload }).click();
    await page.getByText(text.empty).waitFor();
  });

  it('shows the permission error when the user is no longer an admin', async () => {
    const email = `staff-${randomUUID().slice(0, 8)}@example.com`;
    await upsertAdmin(db(), email, ADMIN_PASSWORD);
    const page = await openMap(email);
    await page.getByText(text.empty).waitFor();
    const [user] = await db().select().from(users).where(eq(users.email, email));
    await db().delete(userRoles).where(eq(userRoles.userId, user!.id));

    await page.getByRole('button', { name: text.add }).click();
    await page.getByRole('dialog', { name: text.addTitle }).getByRole('button', { name: text.add }).click();
    const failure = toast(page, staffMessages.admin.errors.tableAdd);
    await failure.getByText(messages.permissions.insufficient).waitFor();
    expect(await db().select().from(tables)).toEqual([]);
  });
});

describe('seating on the map', () => {
  it("on a phone lists the tables by zone and seats by tap: 'Sentar', then 'Sentar aquí' (no drag needed)", async () => {
    await placeTable(1, 4, 60);
    await placeTable(2, 2, 300);
    const carla = await book('Carla Toque', '13:00', 3);
    const page = await suite.openAdmin('/admin?tab=mesas', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const views = page.getByRole('group', { name: text.view });
    await views.getByRole('button', { name: text.views.list, pressed: true }).waitFor();
    expect(await floor(page).count()).toBe(0);
    const sala = page.getByRole('region', { name: formatMessage(text.listLabel, { zone: 'Sala' }) });
    await sala.getByRole('listitem', { name: 'Mesa 1, 4 personas: libre' }).waitFor();

    await page.getByRole('list', { name: seating.unseatedTitle }).getByRole('button', { name: seating.pick }).tap();
    await page.getByRole('status').filter({ hasText: formatMessage(seating.picking, { name: 'Carla Toque', people: 3 }) }).waitFor();
    const seatHere = sala.getByRole('button', { name: `${seating.seatHere}: Mesa 1` });
    const box = (await seatHere.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await seatHere.tap();
    await toast(page, seating.saved).waitFor();
    await sala.getByRole('listitem', { name: 'Mesa 1, 4 personas: reservada, Carla Toque a las 13:00' }).waitFor();
    await page.getByText(seating.unseatedEmpty).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`^${seating.seatHere}`) }).count()).toBe(0);
    const [held] = await db().select().from(reservationTables);
    expect(held).toMatchObject({ reservationId: carla.id, tableId: (await tableRow('Mesa 1'))!.id });

    // The plan is one tap away, and stays chosen.
    await views.getByRole('button', { name: text.views.plan }).tap();
    await tableButton(page, 'Mesa 1').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('seats by dragging and by keyboard (Sentar, then the table), refuses an overlap, and colours the tables by time', async () => {
    const one = await placeTable(1, 4, 60);
    await placeTable(2, 2, 300);
    const ana = await book('Ana Ruiz', '13:00');
    const bruno = await book('Bruno Gil', '13:30', 3);
    const page = await openMap();

    await expect.poll(() => tableButton(page, 'Mesa 1').getAttribute('data-state')).toBe('free');
    const unseated = page.getByRole('list', { name: seating.unseatedTitle });
    const anaItem = unseated.getByRole('listitem', { name: /^Ana Ruiz, 13:00/ });
    await anaItem.waitFor();

    // Drag Ana onto Mesa 1 with the mouse.
    const from = (await anaItem.getByText('Ana Ruiz').boundingBox())!;
    const to = (await tableButton(page, 'Mesa 1').boundingBox())!;
    await page.mouse.move(from.x + 5, from.y + 5);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) {
      await page.mouse.move(from.x + 5 + ((to.x + to.width / 2 - from.x - 5) * step) / 8, from.y + 5 + ((to.y + to.height / 2 - from.y - 5) * step) / 8);
    }
    await page.mouse.up();
    await toast(page, seating.saved).waitFor();
    await anaItem.waitFor({ state: 'detached' });
    const mesa1 = tableButton(page, 'Mesa 1');
    expect(await page.getByLabel(seating.time, { exact: true }).inputValue()).toBe('13:00');
    await expect.poll(() => mesa1.getAttribute('data-state')).toBe('reserved');
    expect(await mesa1.getAttribute('aria-label')).toBe(
      formatMessage(seating.tableStateWith, { table: 'Mesa 1, 4 personas', state: 'reservada', name: 'Ana Ruiz', time: '13:00' }),
    );
    expect((await db().select().from(reservationTables)).map((row) => [row.reservationId, row.tableId])).toEqual([[ana.id, one.id]]);

    // Bruno (13:30) cannot share Mesa 1 with Ana (13:00-14:30): 'Sentar', then the table, by keyboard; the refusal toast.
    const pickBruno = unseated.getByRole('listitem', { name: /^Bruno Gil/ }).getByRole('button', { name: seating.pick });
    await pickBruno.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: formatMessage(seating.picking, { name: 'Bruno Gil', people: 3 }) }).waitFor();
    await tableButton(page, 'Mesa 1').focus();
    await page.keyboard.press('Enter');
    const refused = toast(page, seating.saveError);
    await refused.getByText(formatMessage(seating.overlap, { table: 'Mesa 1', name: 'Ana Ruiz', time: '13:00' })).waitFor();

    // Mesa 2 is free but has 2 seats for 3 people: seated with a warning.
    await tableButton(page, 'Mesa 2').click();
    await toast(page, formatMessage(seating.tooManyPeople, { people: 3, seats: 2 })).waitFor();
    await page.getByText(seating.unseatedEmpty).waitFor();
    expect(await tableButton(page, 'Mesa 2').getAttribute('data-state')).toBe('free'); // Bruno starts at 13:30

    // Arrivals change the colours live: arrived → sentada, delayed → con retraso.
    await staffCall(page, 'PATCH', `/reservations/${ana.id}/arrival`, { arrivalStatus: 'arrived', revision: await revisionOf(db(), ana.id) });
    await expect.poll(() => mesa1.getAttribute('data-state')).toBe('seated');
    await staffCall(page, 'PATCH', `/reservations/${bruno.id}/arrival`, { arrivalStatus: 'delayed', revision: await revisionOf(db(), bruno.id) });
    await page.getByLabel(seating.time, { exact: true }).fill('14:00');
    const mesa2 = tableButton(page, 'Mesa 2');
    await expect.poll(() => mesa2.getAttribute('data-state')).toBe('late');
    expect(await mesa2.getAttribute('aria-label')).toContain('con retraso, Bruno Gil a las 13:30');
    expect(await mesa1.getAttribute('data-state')).toBe('seated');

    // Two hours later both tables are free again.
    await page.getByLabel(seating.time, { exact: true }).fill('15:00');
    await expect.poll(() => mesa1.getAttribute('data-state')).toBe('free');
    expect(await mesa2.getAttribute('data-state')).toBe('free');
    expect(await mesa1.getAttribute('aria-label')).toBe(formatMessage(seating.tableState, { table: 'Mesa 1, 4 personas', state: 'libre' }));
    await page.getByRole('button', { name: seating.now }).click();
    await expect.poll(() => mesa1.getAttribute('data-state')).toBe('seated');
  });

  it('changes the tables of a reservation from its card in the Reservas tab', async () => {
    await placeTable(1, 4, 60);
    await placeTable(2, 4, 300);
    const ana = await book('Ana Ruiz', '20:00');
    const page = await openMap();
    await staffCall(page, 'PUT', `/reservations/${ana.id}/tables`, { tableIds: [(await tableRow('Mesa 1'))!.id] });
    await page.goto(url('/admin?tab=reservas'));
    const card = await openBooking(page, 'Ana Ruiz');
    await card.getByText('Mesa 1', { exact: true }).waitFor();

    await card.getByRole('button', { name: seating.change }).click();
    const dialog = page.getByRole('dialog', { name: formatMessage(seating.dialogTitle, { name: 'Ana Ruiz' }) });
    await dialog.getByRole('checkbox', { name: 'Mesa 2 (4 pers.)' }).click();
    await dialog.getByRole('button', { name: seating.save }).click();
    await toast(page, seating.saved).waitFor();
    await card.getByText('Mesa 1, Mesa 2', { exact: true }).waitFor();

    await card.getByRole('button', { name: seating.change }).click();
    await dialog.getByRole('checkbox', { name: 'Mesa 1 (4 pers.)' }).click();
    await dialog.getByRole('checkbox', { name: 'Mesa 2 (4 pers.)' }).click();
    await dialog.getByRole('button', { name: seating.save }).click();
    await toast(page, seating.cleared).waitFor();
    await card.getByText(seating.none, { exact: true }).waitFor();
    expect(await db().select().from(reservationTables).where(eq(reservationTables.reservationId, ana.id))).toEqual([]);
  });
});
