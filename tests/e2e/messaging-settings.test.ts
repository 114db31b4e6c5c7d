import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingSettingsMessages as text } from '@shared/staff-messages/messaging-settings.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { messagingSettings } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { startFakeMessaging, type FakeMessaging } from '../fakes/messaging/fake-messaging-server.ts';
import { ADMIN_PASSWORD, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertStaff } from '../support/factories.ts';
import { ACCESS_TOKEN, APP_SECRET, PHONE_NUMBER_ID, TEMPLATES, VERIFY_TOKEN } from '../support/messaging-accounts.ts';
import { TEST_ORIGIN } from '../support/test-app.ts';

// Issue 46, item 1, in Chromium: the owner sets up WhatsApp (the local fake of Meta's API) in Configuración ›
// Mensajería on a phone, sees the webhook address and sends a test; nobody else sees the tab.
const env: Record<string, string> = {};
let fake: FakeMessaging;
// Before the suite's own beforeAll: the server starts with WHATSAPP_API_URL pointing at the fake.
beforeAll(async () => {
  fake = await startFakeMessaging({ port: 0, whatsapp: { accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID }, autoStatuses: false });
  env.WHATSAPP_API_URL = fake.url;
  env.TWILIO_API_URL = fake.url;
});
afterAll(() => fake?.close());
const suite = useBrowserSuite({ env });

const WEBHOOK_URL = `${TEST_ORIGIN}/api/public/messaging/whatsapp/webhook`;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const savedRows = () => suite.db().select().from(messagingSettings);
const panel = (page: Page) => page.getByRole('tabpanel', { name: text.tab });

describe('Configuración › Mensajería', () => {
  it('the owner fills WhatsApp, saves, sees the webhook address and sends a test, on a phone', async () => {
    await suite.db().delete(messagingSettings);
    const context = await suite.adminContext(PHONE);
    const page = suite.watch(await context.newPage());
    await page.goto(suite.url('/admin?tab=configuracion'));
    await page.getByRole('tab', { name: text.tab, exact: true }).click();
    const mensajeria = panel(page);
    await mensajeria.getByText(text.emailDefault).waitFor();
    const whatsapp = mensajeria.locator('form').first();

    const webhook = whatsapp.getByLabel(text.webhookUrl, { exact: true });
    expect(await webhook.inputValue()).toBe(WEBHOOK_URL);
    expect(await webhook.getAttribute('readonly')).not.toBeNull();

    // A number id with letters is said under the field, nothing sent.
    await whatsapp.getByLabel(text.whatsapp.phoneNumberId, { exact: true }).fill('id-106540');
    await whatsapp.getByRole('button', { name: text.save, exact: true }).click();
    await whatsapp.getByText(text.validation.phoneNumberId).waitFor();
    expect(await savedRows()).toEqual([]);

    await whatsapp.getByLabel(text.whatsapp.phoneNumberId, { exact: true }).fill(PHONE_NUMBER_ID);
    const token = whatsapp.getByLabel(text.whatsapp.accessToken, { exact: true });
    expect(await token.getAttribute('type')).toBe('password');
    await token.fill(ACCESS_TOKEN);
    await whatsapp.getByLabel(text.whatsapp.appSecret, { exact: true }).fill(APP_SECRET);
    await whatsapp.getByLabel(text.whatsapp.verifyToken, { exact: true }).fill(VERIFY_TOKEN);
    for (const [kind, name] of Object.entries(TEMPLATES)) {
      await whatsapp.getByLabel(text.whatsapp.templates[kind as keyof typeof TEMPLATES], { exact: true }).fill(name);
    }
    // The switch by keyboard.
    const enabled = whatsapp.getByRole('switch', { name: text.enabled });
    await enabled.focus();
    await page.keyboard.press('Space');
    expect(await enabled.getAttribute('aria-checked')).toBe('true');
    await whatsapp.getByRole('button', { name: text.save, exact: true }).click();
    await toast(page, text.whatsapp.saved).waitFor();
    expect(await token.inputValue()).toBe('');
    expect(await token.getAttribute('placeholder')).toBe(text.secretSavedPlaceholder);
    expect(await page.content()).not.toContain(ACCESS_TOKEN);
    const [row] = await savedRows();
    expect([row!.whatsappEnabled, row!.whatsappPhoneNumberId, row!.whatsappTemplates]).toEqual([true, PHONE_NUMBER_ID, { ...TEMPLATES, feedback: '' }]);

    await whatsapp.getByLabel(text.testTo, { exact: true }).fill('612 345 678');
    await whatsapp.getByRole('button', { name: text.test, exact: true }).click();
    await whatsapp.getByRole('status').filter({ hasText: text.testOk }).waitFor();
    expect(fake.messages('whatsapp').map((message) => [message.to, message.template?.name])).toEqual([['+34612345678', TEMPLATES.confirmation]]);

    // Touch targets, the phone's width, and axe over the panel.
    for (const name of [text.save, text.test, text.copy, text.remove]) {
      expect((await whatsapp.getByRole('button', { name, exact: true }).boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const results = await new AxeBuilder({ page }).include('[role="tabpanel"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('an encargado has no Mensajería tab', async () => {
    const email = `encargado-${randomUUID().slice(0, 8)}@example.com`;
    await insertStaff(suite.db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['manager'] });
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=mensajeria', { email });
    await page.getByRole('tab', { name: settingsMessages.tabs.general, selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: text.tab }).count()).toBe(0);
  });
});
