import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { integrationsMessages as text } from '@shared/staff-messages/integrations.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { apiKeys } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertStaff } from '../support/factories.ts';

// Issue 48, part 2, in Chromium: the owner creates an API key in Configuración › Integraciones, sees it once with
// 'Copiar', uses it, and revokes it after confirming; nobody else sees the tab (decision 049).
const suite = useBrowserSuite();
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const keys = text.keys;
const TAB = settingsMessages.tabs.integrations;
const panel = (page: Page) => page.getByRole('tabpanel', { name: TAB });

describe('Configuración › Integraciones', () => {
  it('the owner creates a key, sees it once, and revokes it, on a phone', async () => {
    const context = await suite.adminContext(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url('') });
    const page = suite.watch(await context.newPage());
    await page.goto(suite.url('/admin?tab=configuracion'));
    await page.getByRole('tab', { name: TAB, exact: true }).click();
    const tab = panel(page);
    await tab.getByText(keys.intro).waitFor();
    await tab.getByText(keys.empty).waitFor();

    await tab.getByRole('button', { name: keys.create }).click();
    const form = page.getByRole('dialog', { name: keys.createTitle });
    // Nothing chosen: said in the dialog, nothing created.
    await form.getByRole('button', { name: keys.submit }).click();
    await form.getByText(text.validation.scopesRequired).waitFor();
    await form.getByText(text.validation.nameRequired).waitFor();
    expect(await suite.db().select().from(apiKeys)).toEqual([]);
    await form.getByLabel(keys.name, { exact: true }).fill('TPV de la barra');
    await form.getByRole('checkbox', { name: new RegExp(`^${text.scopes.lectura.label}`) }).check();
    await form.getByRole('checkbox', { name: new RegExp(`^${text.scopes.mesas.label}`) }).check();
    await form.getByRole('button', { name: keys.submit }).click();

    const shown = page.getByRole('dialog', { name: keys.created });
    await shown.getByText(keys.shownOnce).waitFor();
    const field = shown.getByLabel(keys.keyLabel, { exact: true });
    const key = await field.inputValue();
    expect(key).toMatch(/^mesa_[0-9a-f]{12}_[\w-]{43}$/);
    await shown.getByRole('button', { name: keys.copy }).click();
    await toast(page, keys.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect((await shown.getByRole('button', { name: keys.copy }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await shown.getByRole('button', { name: keys.done }).click();

    // Listed without the key: its name, scopes, prefix and 'Último uso: Nunca'.
    const row = tab.getByRole('listitem', { name: 'TPV de la barra' });
    await row.getByText(`${keys.lastUsed}: ${keys.neverUsed}`).waitFor();
    await row.getByText(text.scopes.mesas.label, { exact: true }).waitFor();
    expect(await page.content()).not.toContain(key);
    const [stored] = await suite.db().select().from(apiKeys);
    expect(await row.textContent()).toContain(`mesa_${stored!.prefix}_…`);

    // The key works on /api/v1 until it is revoked.
    const tables = () => fetch(suite.url('/api/v1/tables'), { headers: { authorization: `Bearer ${key}` } });
    expect((await tables()).status).toBe(200);
    await row.getByRole('button', { name: keys.revoke }).click();
    const confirm = page.getByRole('dialog', { name: formatMessage(keys.revokeTitle, { name: 'TPV de la barra' }) });
    await confirm.getByText(keys.revokeDescription).waitFor();
    await confirm.getByRole('button', { name: keys.revoke }).click();
    await toast(page, keys.revoked).waitFor();
    await row.getByText(`${keys.revokedAt}:`, { exact: false }).waitFor();
    expect(await row.getByRole('button', { name: keys.revoke }).count()).toBe(0);
    expect((await tables()).status).toBe(401);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('an encargado has no Integraciones tab', async () => {
    const email = `encargado-${randomUUID().slice(0, 8)}@example.com`;
    await insertStaff(suite.db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['manager'] });
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=integraciones', { email });
    await page.getByRole('tab', { name: settingsMessages.tabs.general, selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: TAB }).count()).toBe(0);
  });
});
