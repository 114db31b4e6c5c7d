import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSettingsMessages as text } from '@shared/staff-messages/payments-settings.ts';
import { recentSignInMessages as recent } from '@shared/staff-messages/sensitive-changes.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { paymentSettings, sessions, users } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { ADMIN_PASSWORD, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertStaff } from '../support/factories.ts';
import { TEST_ORIGIN } from '../support/test-app.ts';

// Issue 45, item 6, in Chromium: the owner connects Stripe (here the local fake) in Configuración › Pagos, sees test
// mode, tests the connection, and removes the keys after confirming twice; nobody else sees the tab.
const TEST_KEY = 'sk_test_51MesaPagosNavegadorSecreta0000wxyz';
const WEBHOOK_SECRET = 'whsec_MesaFirmaNavegador0123456789abcdef';
const env: Record<string, string> = {};
let fake: FakeStripe;
// Before the suite's own beforeAll: the server starts with STRIPE_API_URL pointing at the fake.
beforeAll(async () => {
  fake = await startFakeStripe({ port: 0 });
  env.STRIPE_API_URL = fake.url;
});
afterAll(() => fake?.close());
const suite = useBrowserSuite({ env });

/** PUBLIC_URL's address, whatever port the test server listens on. */
const WEBHOOK_URL = `${TEST_ORIGIN}/api/public/payments/stripe/webhook`;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const savedRows = () => suite.db().select().from(paymentSettings);
const panel = (page: Page) => page.getByRole('tabpanel', { name: text.tab });

async function openPagos(page: Page): Promise<void> {
  await page.getByRole('tab', { name: text.tab, exact: true }).click();
  await panel(page).getByText(text.intro).waitFor();
}

describe('Configuración › Pagos', () => {
  it('the owner saves a test key and the signing secret, sees test mode and reads "Conexión correcta", on a phone', async () => {
    await suite.db().delete(paymentSettings);
    const context = await suite.adminContext(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url('') });
    const page = suite.watch(await context.newPage());
    await page.goto(suite.url('/admin?tab=configuracion'));
    await openPagos(page);
    const pagos = panel(page);
    await pagos.getByText(text.notConnected).waitFor();
    expect(await pagos.getByRole('button', { name: text.test }).isDisabled()).toBe(true);

    // The address to give Stripe, read-only, copied with one press.
    const webhook = pagos.getByLabel(text.webhookUrl, { exact: true });
    expect(await webhook.inputValue()).toBe(WEBHOOK_URL);
    expect(await webhook.getAttribute('readonly')).not.toBeNull();
    await pagos.getByRole('button', { name: text.copy }).click();
    await toast(page, text.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(WEBHOOK_URL);

    const key = pagos.getByLabel(text.secretKey, { exact: true });
    const secret = pagos.getByLabel(text.webhookSecret, { exact: true });
    expect([await key.getAttribute('type'), await secret.getAttribute('type')]).toEqual(['password', 'password']);
    // A publishable key is not the secret one: said under the field, nothing sent.
    await key.fill('pk_test_51MesaPagosNavegadorPublica000000');
    await pagos.getByRole('button', { name: text.save }).click();
    await pagos.getByText(text.validation.secretKeyShape).waitFor();
    expect(await savedRows()).toEqual([]);

    await key.fill(TEST_KEY);
    await secret.fill(WEBHOOK_SECRET);
    await pagos.getByRole('button', { name: text.save }).click();
    await toast(page, text.saved).waitFor();
    const banner = pagos.getByRole('note', { name: text.testMode });
    await banner.getByText(text.testModeLine).waitFor();
    expect(await key.inputValue()).toBe('');
    expect(await key.getAttribute('placeholder')).toBe(text.secretKeySavedPlaceholder);
    expect(await secret.getAttribute('placeholder')).toBe(text.webhookSecretSavedPlaceholder);
    await pagos.getByText('sk_test_…wxyz', { exact: false }).waitFor();
    expect(await page.content()).not.toContain(TEST_KEY);
    expect((await savedRows())[0]!.livemode).toBe(false);

    await pagos.getByRole('button', { name: text.test }).click();
    const answer = pagos.getByRole('status').filter({ hasText: text.testOk });
    await answer.waitFor();
    expect(await answer.textContent()).toContain('Restaurante de prueba');

    // Touch targets, the phone's width, and axe over the panel.
    for (const name of [text.save, text.test, text.remove, text.copy]) {
      expect((await pagos.getByRole('button', { name, exact: true }).boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const results = await new AxeBuilder({ page }).include('[role="tabpanel"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it("'Borrar claves' asks first, then the password when the sign-in is old, and removes the keys", async () => {
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=pagos');
    const pagos = panel(page);
    if ((await savedRows()).length === 0) {
      await pagos.getByLabel(text.secretKey, { exact: true }).fill(TEST_KEY);
      await pagos.getByRole('button', { name: text.save }).click();
      await toast(page, text.saved).waitFor();
    }
    const [owner] = await suite.db().select({ id: users.id }).from(users).where(eq(users.email, suite.adminEmail));
    await suite.db().update(sessions).set({ freshSignInAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.userId, owner!.id));

    // By keyboard: the button, then the confirmation's own button.
    await pagos.getByRole('button', { name: text.remove }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: text.removeTitle });
    await confirm.getByText(text.removeDescription).waitFor();
    await confirm.getByRole('button', { name: text.remove }).click();

    const password = page.getByRole('dialog', { name: recent.title });
    await password.getByLabel(recent.password, { exact: true }).fill(ADMIN_PASSWORD);
    await password.getByRole('button', { name: recent.confirm }).click();
    await toast(page, text.removed).waitFor();
    await pagos.getByText(text.notConnected).waitFor();
    expect(await savedRows()).toEqual([]);
  });

  it('an encargado has no Pagos tab', async () => {
    const email = `encargado-${randomUUID().slice(0, 8)}@example.com`;
    await insertStaff(suite.db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['manager'] });
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=pagos', { email });
    // The first section opens instead, and no tab names Pagos.
    await page.getByRole('tab', { name: settingsMessages.tabs.general, selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: text.tab }).count()).toBe(0);
  });
});
