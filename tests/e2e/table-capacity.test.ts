import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { capacityMessages, settingsMessages } from '@shared/staff-messages/settings.ts';
import { tablesOverlap } from '@shared/rules/floor-layout.ts';
import { restaurantConfig, tableCombinations, tables, zones } from '../../src/server/db/schema.ts';
import { insertTable } from '../support/factories.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { openGuestForm, pickDate, timeOption } from '../support/guest-form.ts';

// Issue 21 through the screens: zones on the map, 'Por mesas' chosen in Configuración, a full slot shown to a
// guest as unavailable for 6 but offered to 2, and '¿Por qué está completo?'. Frozen on Tuesday 24 November 2026,
// 11:00 in Madrid; guests book Wednesday the 25th.
const NOW = new Date('2026-11-24T10:00:00Z');
const TOMORROW = '2026-11-25';
const admin = staffMessages.admin;
const form = messages.reservation.form;
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  await db().delete(tables);
  await db().delete(zones).where(eq(zones.name, 'Reservado'));
  await db().update(zones).set({ name: 'Barra' }).where(eq(zones.name, 'Barra alta'));
  await db().update(restaurantConfig).set({ capacityMode: 'covers', maxCoversPerSlot: null, maxCoversPerDay: null });
});

describe('capacity from the tables', () => {
  it('shows zones on the map and moves a table between them', async () => {
    await insertTable(db(), { tableNumber: 1, name: 'Mesa de la ventana grande', seats: 4, positionX: 100, positionY: 100 });
    const page = await suite.openAdmin('/admin?tab=mesas', { viewport: { width: 1280, height: 900 } });
    const zonesCard = page.getByRole('heading', { name: tableMessages.zones.title });
    await zonesCard.waitFor();
    for (const zone of ['Sala', 'Terraza', 'Barra']) await page.getByLabel(`Nombre de la zona ${zone}`).waitFor();
    const table = page.getByRole('button', { name: 'Mesa de la ventana grande, 4 personas' });
    // The whole name is written on the table, with its zone.
    await expect.poll(() => table.innerText()).toContain('Mesa de la ventana grande');
    await expect.poll(() => table.innerText()).toContain('Sala');
    await table.click();
    await page.getByLabel(tableMessages.tables.zone, { exact: true }).selectOption({ label: 'Terraza' });
    await toast(page, admin.toasts.tableUpdated).waitFor();
    await expect.poll(() => table.innerText()).toContain('Terraza');
    // Pointed at or focused, the table's whole name, seats and zone are written beside it.
    await table.hover();
    await page.getByText(/^Mesa de la ventana grande, 4 personas(: libre)? · Terraza$/).waitFor();
    const [terraza] = await db().select().from(zones).where(eq(zones.name, 'Terraza'));
    const [row] = await db().select().from(tables);
    expect(row!.zoneId).toBe(terraza!.id);
  });

  it("in 'Por mesas' a guest party of 6 that no table seats is asked to call while 2 are offered the slot, and staff learn why", async () => {
    await insertTable(db(), { tableNumber: 1, seats: 2, positionX: 100, positionY: 100 });
    await insertTable(db(), { tableNumber: 2, seats: 2, positionX: 300, positionY: 100 });

    const staff = await suite.openAdmin('/admin?tab=configuracion&seccion=reservas', { viewport: { width: 1280, height: 900 } });
    await staff.getByRole('radio', { name: new RegExp(capacityMessages.tables) }).check();
    await toast(staff, admin.toasts.settingsSaved).waitFor();
    await staff.getByRole('group', { name: capacityMessages.mode }).getByRole('status').getByText(settingsMessages.saveState.saved).waitFor();
    await expect.poll(async () => (await db().select().from(restaurantConfig))[0]!.capacityMode).toBe('tables');

    // No table or combination seats 6 (issue 50): the guest is asked to call, not shown full times.
    const guest = await openGuestForm(suite);
    await guest.getByLabel(form.people, { exact: true }).selectOption('6');
    await guest.getByText(formatMessage(messages.reservation.largeParty.title, { max: 2 }), { exact: true }).waitFor();
    expect(await guest.getByLabel(form.time, { exact: true }).count()).toBe(0);
    await guest.getByLabel(form.people, { exact: true }).selectOption('2');
    await pickDate(guest, TOMORROW);
    const time = guest.getByLabel(form.time, { exact: true });
    await expect.poll(() => time.isEnabled()).toBe(true);
    await expect.poll(() => timeOption(guest, '14:00')).toBe('14:00|enabled');

    await staff.goto(suite.url('/admin?tab=reservas'));
    await staff.getByRole('button', { name: admin.whyFull.title }).click();
    const dialog = staff.getByRole('dialog', { name: admin.whyFull.title });
    await dialog.getByLabel(admin.whyFull.date, { exact: true }).fill(TOMORROW);
    await dialog.getByLabel(admin.whyFull.time, { exact: true }).selectOption('21:00');
    await dialog.getByLabel(admin.whyFull.people, { exact: true }).selectOption('6');
    await dialog.getByRole('button', { name: admin.whyFull.check }).click();
    await dialog.getByRole('status').filter({ hasText: 'ninguna mesa ni combinación para 6 personas' }).waitFor();
    await dialog.getByLabel(admin.whyFull.time, { exact: true }).selectOption('14:00');
    await dialog.getByLabel(admin.whyFull.people, { exact: true }).selectOption('2');
    await dialog.getByRole('button', { name: admin.whyFull.check }).click();
    await dialog.getByRole('status').filter({ hasText: 'Se puede reservar: 2 personas a las 14:00.' }).waitFor();
  });

  it('on a phone: adds, renames and deletes zones, and joins two tables into a combination and removes it', async () => {
    await insertTable(db(), { tableNumber: 1, seats: 2, positionX: 100, positionY: 100 });
    await insertTable(db(), { tableNumber: 2, seats: 2, positionX: 300, positionY: 100 });
    const page = await suite.openAdmin('/admin?tab=mesas', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await page.getByLabel('Nombre de la zona Sala').waitFor();

    await page.getByLabel(tableMessages.zones.name, { exact: true }).fill('Reservado');
    await page.getByRole('button', { name: tableMessages.zones.add }).click();
    await page.getByLabel('Nombre de la zona Reservado').waitFor();

    const barra = page.getByLabel('Nombre de la zona Barra', { exact: true });
    await barra.fill('Barra alta');
    await barra.press('Tab');
    await page.getByLabel('Nombre de la zona Barra alta').waitFor();
    await expect.poll(async () => (await db().select().from(zones)).map((zone) => zone.name).sort()).toEqual(['Barra alta', 'Reservado', 'Sala', 'Terraza']);

    await page.getByRole('button', { name: 'Eliminar Sala' }).click();
    await toast(page, tableMessages.zones.hasTables).waitFor();
    await page.getByRole('button', { name: 'Eliminar Reservado' }).click();
    await expect.poll(() => page.getByLabel('Nombre de la zona Reservado').count()).toBe(0);

    const joined = page.getByRole('group', { name: tableMessages.combinations.tables });
    await joined.getByRole('checkbox', { name: 'Mesa 1', exact: true }).check();
    await joined.getByRole('checkbox', { name: 'Mesa 2', exact: true }).check();
    await page.getByLabel(tableMessages.combinations.minParty, { exact: true }).selectOption('3');
    await page.getByLabel(tableMessages.combinations.maxParty, { exact: true }).selectOption('4');
    await page.getByRole('button', { name: tableMessages.combinations.add }).click();
    await page.getByText('Mesa 1 + Mesa 2: 3-4 personas').waitFor();
    await expect.poll(async () => (await db().select().from(tableCombinations)).map((row) => [row.minParty, row.maxParty])).toEqual([[3, 4]]);

    await page.getByRole('button', { name: 'Eliminar Mesa 1 + Mesa 2: 3-4 personas' }).click();
    await expect.poll(async () => (await db().select().from(tableCombinations)).length).toBe(0);
    await expect.poll(() => page.getByText('Mesa 1 + Mesa 2: 3-4 personas').count()).toBe(0);
  });

  it('a table dropped over another lands beside it, on screen and in the database', async () => {
    await insertTable(db(), { tableNumber: 1, seats: 4, positionX: 100, positionY: 100 });
    await insertTable(db(), { tableNumber: 2, seats: 4, positionX: 400, positionY: 100 });
    const page = await suite.openAdmin('/admin?tab=mesas', { viewport: { width: 1280, height: 900 } });
    const [one, two] = [page.getByRole('button', { name: 'Mesa 1, 4 personas' }), page.getByRole('button', { name: 'Mesa 2, 4 personas' })];
    const target = (await one.boundingBox())!;
    const from = (await two.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(from.x + from.width / 2 + ((target.x - from.x) * step) / 10, from.y + from.height / 2 + ((target.y - from.y) * step) / 10);
    }
    await page.mouse.up();
    const onScreen = async () => {
      const [a, b] = [(await one.boundingBox())!, (await two.boundingBox())!];
      return a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
    };
    await expect.poll(onScreen).toBe(false);
    await expect
      .poll(async () => {
        const rows = await db().select().from(tables).orderBy(tables.tableNumber);
        return rows[1]!.positionX !== 400 && !tablesOverlap({ x: rows[0]!.positionX, y: rows[0]!.positionY }, { x: rows[1]!.positionX, y: rows[1]!.positionY });
      })
      .toBe(true);
    expect(await onScreen()).toBe(false);
  });
});
