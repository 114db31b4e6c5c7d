import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { displayNameMessages, teamMessages } from '@shared/staff-messages/team.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { restaurantConfig, staffInvitations, users } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, BROWSER_WAIT_MS, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertStaff } from '../support/factories.ts';

// Issue 52, item 8 e-f (decision 069) on a 390 px phone and a 1024×768 tablet: a member's name asked at the invitation
// and written in Mi cuenta, shown in Equipo; the sites that may show the booking widget, set by the owner in
// Configuración › General and read by the encargado. Tuesday 24 November 2026, 11:00 in Madrid, frozen.
const suite = useBrowserSuite({ now: new Date('2026-11-24T10:00:00Z') });
const db = () => suite.db();
const team = teamMessages;
const general = settingsMessages.general;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };

afterEach(async () => {
  await db().update(restaurantConfig).set({ embedOrigins: [] });
});

async function staffMember(role: 'manager' | 'floor'): Promise<string> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  await insertStaff(db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: [role] });
  return email;
}

async function openGeneral(page: Page) {
  await page
    .getByRole('tablist', { name: staffMessages.admin.tabs.settings })
    .getByRole('tab', { name: settingsMessages.tabs.general, exact: true })
    .click();
  await page.getByRole('heading', { name: general.embedTitle }).waitFor();
}

/** No part of the page wider than the screen: nothing to scroll sideways to. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  ['a 390 px phone', PHONE],
  ['a 1024×768 tablet', TABLET],
])('names and embed origins on %s', (_label, device) => {
  it('asks the name when inviting, and a member without one writes it in Mi cuenta; Equipo shows both', async () => {
    const owner = await suite.openAdmin('/admin?tab=equipo', device);
    await owner.getByRole('heading', { name: team.inviteTitle }).waitFor();
    const invited = `lucia-${randomUUID().slice(0, 8)}@example.com`;
    await owner.getByLabel(team.email, { exact: true }).fill(invited);
    await owner.getByLabel(team.name, { exact: true }).fill('  Lucía Pérez ');
    await owner.getByRole('button', { name: team.invite }).click();
    await toast(owner, team.invited).waitFor();
    await owner.getByText(`Lucía Pérez · ${invited} · ${team.roles.floor}`).waitFor();
    const [invitation] = await db().select().from(staffInvitations).where(eq(staffInvitations.email, invited));
    expect(invitation!.displayName).toBe('Lucía Pérez');

    // A waiter with no name: Equipo shows the email, until they write it in Mi cuenta.
    const waiter = await staffMember('floor');
    await owner.reload();
    const waiterRow = owner.getByRole('listitem').filter({ hasText: waiter });
    const shownAs = waiterRow.locator('p').first();
    await expect.poll(() => shownAs.textContent(), { timeout: BROWSER_WAIT_MS }).toBe(waiter);
    const page = await suite.openAdmin('/admin', { ...device, email: waiter });
    await page.getByRole('button', { name: staffMessages.admin.header.account }).click();
    await page.getByRole('heading', { name: displayNameMessages.title }).waitFor();
    const name = page.getByLabel(displayNameMessages.label, { exact: true });
    expect(await name.inputValue()).toBe('');
    await page.getByRole('button', { name: displayNameMessages.save }).click();
    await page.getByText(team.errors.nameRequired).waitFor();
    await name.fill('Marta Ruiz');
    await page.getByRole('button', { name: displayNameMessages.save }).click();
    await toast(page, displayNameMessages.saved).waitFor();
    const box = await page.getByRole('button', { name: displayNameMessages.save }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(await fitsWidth(page)).toBe(true);
    const [row] = await db().select({ name: users.displayName }).from(users).where(eq(users.email, waiter));
    expect(row!.name).toBe('Marta Ruiz');

    // The owner's Equipo follows the change live: the name first, the email under it.
    await expect.poll(() => shownAs.textContent(), { timeout: BROWSER_WAIT_MS }).toBe('Marta Ruiz');
    expect(await waiterRow.locator('p').nth(1).textContent()).toBe(waiter);
    expect(await fitsWidth(owner)).toBe(true);
  });

  it('lets the owner set the sites that may show the widget, refusing a bad one; the encargado reads them', async () => {
    const owner = await suite.openAdmin('/admin?tab=configuracion', device);
    await openGeneral(owner);
    const field = owner.getByLabel(general.embedOriginsLabel, { exact: true });
    await field.fill('https://www.casa-lucia.example\nhttp://www.casa-lucia.example');
    const save = owner.getByRole('button', { name: general.embedOriginsSave });
    await save.click();
    await owner.getByText(formatMessage(settingsMessages.validation.embedOriginInvalid, { origin: 'http://www.casa-lucia.example' })).waitFor();
    expect((await db().select({ origins: restaurantConfig.embedOrigins }).from(restaurantConfig))[0]!.origins).toEqual([]);

    await field.fill('https://www.casa-lucia.example\nhttps://Reservas.Casa-Lucia.example/');
    await save.click();
    await toast(owner, general.embedOriginsSaved).waitFor();
    await expect.poll(() => field.inputValue(), { timeout: BROWSER_WAIT_MS }).toBe('https://www.casa-lucia.example\nhttps://reservas.casa-lucia.example');
    const origins = ['https://www.casa-lucia.example', 'https://reservas.casa-lucia.example'];
    expect((await db().select({ origins: restaurantConfig.embedOrigins }).from(restaurantConfig))[0]!.origins).toEqual(origins);
    expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await fitsWidth(owner)).toBe(true);

    const manager = await suite.openAdmin('/admin?tab=configuracion', { ...device, email: await staffMember('manager') });
    await openGeneral(manager);
    await manager.getByText(formatMessage(general.embedOriginsCurrent, { origins: origins.join(', ') })).waitFor();
    expect(await manager.getByLabel(general.embedOriginsLabel, { exact: true }).count()).toBe(0);
  });
});
