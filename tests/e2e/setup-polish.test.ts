import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { operatingHoursDefaults } from '@shared/defaults.ts';
import { messages } from '@shared/messages.ts';
import { operatingHoursMessages, settingsMessages } from '@shared/staff-messages/settings.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { operatingHours, restaurantConfig, tables, zones } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, useBrowserSuite } from '../support/admin-browser.ts';

// Issue 52, item 8 (decision 068) on a 390 px phone and a 1024×768 tablet: copying a day's hours, 'Guardado' beside a
// field saved on blur, and the add-table dialog's zone. Tuesday 24 November 2026, 11:00 in Madrid, frozen.
const NOW = new Date('2026-11-24T10:00:00Z');
const hoursText = operatingHoursMessages;
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };

afterEach(async () => {
  for (const { dayOfWeek, ...hours } of operatingHoursDefaults) {
    await db().update(operatingHours).set(hours).where(eq(operatingHours.dayOfWeek, dayOfWeek));
  }
  await db().update(restaurantConfig).set({ maxCoversPerSlot: null, dailyReportTimezone: 'Europe/Madrid' });
  await db().delete(tables).where(eq(tables.name, 'Terraza 1'));
});

/** The 'Guardado' line a field names in its aria-describedby. */
async function statusOf(page: Page, field: Locator): Promise<Locator> {
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const statusId = ids.find((id) => id.endsWith('-status'));
  expect(statusId).toBeDefined();
  return page.locator(`[id="${statusId}"]`);
}

describe.each([
  ['a 390 px phone', PHONE],
  ['a 1024×768 tablet', TABLET],
])('set-up polish on %s', (_label, device) => {
  it("copies Tuesday's hours to every day: closed days stay closed, Monday keeps them for its exceptions", async () => {
    const tuesday = { openTime: '12:30', closeTime: '23:30', breakStartTime: '16:00', breakEndTime: '20:00' };
    await db().update(operatingHours).set(tuesday).where(eq(operatingHours.dayOfWeek, 2));
    await db().update(operatingHours).set({ isOpen: false }).where(eq(operatingHours.dayOfWeek, 0));
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=horarios', device);
    await page.getByRole('heading', { name: hoursText.copyTitle }).waitFor();
    await page.getByLabel(hoursText.copySource, { exact: true }).selectOption({ label: 'Martes' });
    await page.getByRole('button', { name: hoursText.copyTargets.all }).click();

    for (const day of [0, 1, 3, 4, 5, 6]) {
      await expect
        .poll(async () => {
          const [row] = await db().select().from(operatingHours).where(eq(operatingHours.dayOfWeek, day));
          const { openTime, closeTime, breakStartTime, breakEndTime } = row!;
          return { openTime, closeTime, breakStartTime, breakEndTime };
        }, { timeout: BROWSER_WAIT_MS })
        .toEqual(tuesday);
    }
    const open = await db().select({ day: operatingHours.dayOfWeek, isOpen: operatingHours.isOpen }).from(operatingHours);
    expect(open.filter((row) => !row.isOpen).map((row) => row.day).sort()).toEqual([0, 1]);
    await expect.poll(() => page.getByLabel('Cierre del sábado').inputValue(), { timeout: BROWSER_WAIT_MS }).toBe('23:30');
  });

  it("shows 'Guardado' beside the pacing field once it is saved on leaving it", async () => {
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=reservas', device);
    const perSlot = page.getByLabel(messages.pacing.maxPerSlot, { exact: true });
    await perSlot.waitFor();
    const status = await statusOf(page, perSlot);
    expect(await status.textContent()).toBe('');
    await perSlot.fill('6');
    await perSlot.press('Tab');
    await status.getByText(settingsMessages.saveState.saved).waitFor();
    const [config] = await db().select().from(restaurantConfig);
    expect(config!.maxCoversPerSlot).toBe(6);
  });

  it("shows 'Guardado' beside the report's time zone once another is chosen", async () => {
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=informes', device);
    const zone = page.getByLabel(settingsMessages.reports.timeZone, { exact: true });
    await zone.waitFor();
    const status = await statusOf(page, zone);
    expect(await status.textContent()).toBe('');
    await zone.selectOption({ label: 'Bogotá' });
    await status.getByText(settingsMessages.saveState.saved).waitFor();
    const [config] = await db().select().from(restaurantConfig);
    expect(config!.dailyReportTimezone).toBe('America/Bogota');
  });

  it('adds a table in the zone chosen in the dialog', async () => {
    const page = await suite.openAdmin('/admin?tab=mesas', device);
    await page.getByRole('button', { name: tableMessages.tables.add }).first().click();
    const dialog = page.getByRole('dialog', { name: tableMessages.tables.addTitle });
    await dialog.waitFor();
    await dialog.getByLabel(tableMessages.tables.name, { exact: true }).fill('Terraza 1');
    await dialog.getByLabel(tableMessages.tables.zone, { exact: true }).selectOption({ label: 'Terraza' });
    await dialog.getByRole('button', { name: tableMessages.tables.add }).click();
    await dialog.waitFor({ state: 'detached' });
    const [terraza] = await db().select().from(zones).where(eq(zones.name, 'Terraza'));
    await expect
      .poll(async () => (await db().select().from(tables).where(eq(tables.name, 'Terraza 1')))[0]?.zoneId, { timeout: BROWSER_WAIT_MS })
      .toBe(terraza!.id);
  });
});
