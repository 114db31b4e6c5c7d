import { randomUUID } from 'node:crypto';
import type { Locator, Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { RETENTION_DEFAULTS, RETENTION_RUN_TIME } from '@shared/limits.ts';
import { formatMessage, messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { restaurantConfig } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, type OpenAdminOptions, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { accessibleDescription } from '../support/accessible-description.ts';
import { insertStaff } from '../support/factories.ts';

// Configuración › Privacidad › 'Conservación de datos' (issue 24): the three retention periods the nightly run applies,
// driven through the screen. Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');

const text = settingsMessages.retention;
const tabs = staffMessages.admin.tabs;
const invalid = settingsMessages.validation.retentionMonthsInvalid;

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  // Every test starts from the periods a new restaurant has, whatever the previous one saved.
  await db().update(restaurantConfig).set({
    retentionReservationMonths: RETENTION_DEFAULTS.reservationMonths,
    retentionCancelledMonths: RETENTION_DEFAULTS.cancelledMonths,
    retentionAllergenMonths: RETENTION_DEFAULTS.allergenMonths,
  });
});

const config = async () => (await db().select().from(restaurantConfig))[0]!;

async function staffMember(role: 'manager' | 'floor'): Promise<string> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  await insertStaff(db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: [role] });
  return email;
}

/** Configuración › Privacidad, opened by its inner tab; answers the 'Conservación de datos' region. */
async function openRetention(options: OpenAdminOptions = {}): Promise<{ page: Page; panel: Locator }> {
  const page = await suite.openAdmin('/admin?tab=configuracion', options);
  const subTabs = page.getByRole('tablist', { name: tabs.settings });
  await subTabs.getByRole('tab', { name: settingsMessages.tabs.privacy, exact: true }).click();
  const panel = page.getByRole('region', { name: text.title });
  await panel.getByLabel(text.reservationMonths, { exact: true }).waitFor();
  return { page, panel };
}

/** The PATCH /api/admin/settings requests the page sends from now on. */
function countPatches(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/admin/settings') counter.count += 1;
  });
  return counter;
}

const description = accessibleDescription;

/** PATCH /api/admin/settings sent from the page, as a request made some other way than the screen would be. */
const patchSettings = (page: Page, patch: Record<string, number>) =>
  page.evaluate(async (body) => {
    const response = await fetch('/api/admin/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { error: { message: string; fields: Record<string, string> } } };
  }, patch);

describe("Configuración › Privacidad › 'Conservación de datos'", () => {
  it('shows the default periods with their hints, when they apply, and the backups this server keeps', async () => {
    const { panel } = await openRetention();
    const periods = [
      [text.reservationMonths, '24', text.reservationMonthsHint],
      [text.cancelledMonths, '6', text.cancelledMonthsHint],
      [text.allergenMonths, '12', text.allergenMonthsHint],
    ] as const;
    for (const [label, value, hint] of periods) {
      const field = panel.getByLabel(label, { exact: true });
      expect(await field.inputValue()).toBe(value);
      expect(await description(field)).toBe(hint);
      expect(await field.getAttribute('aria-invalid')).toBe('false');
    }
    await panel.getByText(formatMessage(text.schedule, { time: RETENTION_RUN_TIME }), { exact: true }).waitFor();
    expect(suite.app.config.backup.hour).not.toBeNull();
    await panel.getByText(formatMessage(text.backups, { keep: suite.app.config.backup.keep }), { exact: true }).waitFor();
  });

  it('saves a new period from the keyboard, keeps the focus, and a reload and the API show it', async () => {
    const { page, panel } = await openRetention();
    const patches = countPatches(page);
    const field = panel.getByLabel(text.reservationMonths, { exact: true });
    await field.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('36');
    await page.keyboard.press('Tab');
    await toast(page, staffMessages.admin.toasts.settingsSaved).waitFor();
    expect(patches.count).toBe(1);
    expect(await panel.getByLabel(text.cancelledMonths, { exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await config()).toMatchObject({ retentionReservationMonths: 36, retentionCancelledMonths: 6, retentionAllergenMonths: 12 });
    const api = await page.request.get(suite.url('/api/admin/settings'));
    expect(await api.json()).toMatchObject({ retentionReservationMonths: 36, retentionCancelledMonths: 6 });

    // Enter saves too.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await config()).retentionCancelledMonths).toBe(3);
    // The page's request event reaches the test after the database may already show the save.
    await expect.poll(() => patches.count).toBe(2);

    await page.reload();
    const reloaded = page.getByRole('region', { name: text.title });
    await expect.poll(() => reloaded.getByLabel(text.reservationMonths, { exact: true }).inputValue()).toBe('36');
    expect(await reloaded.getByLabel(text.cancelledMonths, { exact: true }).inputValue()).toBe('3');
  });

  it('refuses 0 and 121 with the Spanish message and saves nothing', async () => {
    const { page, panel } = await openRetention();
    const patches = countPatches(page);
    const field = panel.getByLabel(text.allergenMonths, { exact: true });
    for (const months of ['0', '121']) {
      await field.fill(months);
      await field.press('Enter');
      await field.blur();
      await expect.poll(() => description(field)).toBe(invalid);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(patches.count).toBe(0);
    expect((await config()).retentionAllergenMonths).toBe(12);

    // The server holds the same rule for a request sent some other way.
    const refused = await patchSettings(page, { retentionAllergenMonths: 121 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.retentionAllergenMonths).toBe(invalid);

    await page.reload();
    const reloaded = page.getByRole('region', { name: text.title });
    await expect.poll(() => reloaded.getByLabel(text.allergenMonths, { exact: true }).inputValue()).toBe('12');
    expect((await config()).retentionAllergenMonths).toBe(12);
  });

  it("shows an Encargado the periods read-only with the owner's note (issue 41), and the backups rule without the schedule", async () => {
    const { page, panel } = await openRetention({ email: await staffMember('manager') });
    await panel.getByText(text.backupsOwnerOnly, { exact: true }).waitFor();
    const field = panel.getByLabel(text.allergenMonths, { exact: true });
    expect(await field.isDisabled()).toBe(true);
    expect(await description(field)).toContain(staffMessages.admin.ownerOnly.note);
    const refused = await patchSettings(page, { retentionAllergenMonths: 18 });
    expect(refused).toEqual({ status: 403, body: { error: expect.objectContaining({ message: messages.permissions.role }) } });
    expect((await config()).retentionAllergenMonths).toBe(RETENTION_DEFAULTS.allergenMonths);
  });

  it('is not offered to Sala, and the server refuses their change', async () => {
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=privacidad', { email: await staffMember('floor') });
    await page.getByRole('tab', { name: tabs.today, selected: true }).waitFor();
    expect(await page.getByRole('region', { name: text.title }).count()).toBe(0);
    const refused = await patchSettings(page, { retentionReservationMonths: 1 });
    expect(refused).toEqual({ status: 403, body: { error: expect.objectContaining({ message: messages.permissions.role }) } });
    expect((await config()).retentionReservationMonths).toBe(24);
  });

  it('fits a 360 px phone', async () => {
    const { page, panel } = await openRetention({ viewport: { width: 360, height: 740 } });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const label of [text.reservationMonths, text.cancelledMonths, text.allergenMonths]) {
      const box = (await panel.getByLabel(label, { exact: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
  });
});
