import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { webhooksMessages as text } from '@shared/staff-messages/webhooks.ts';
import { webhookEndpoints } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// Issue 48, item 3, in Chromium: the owner adds a webhook to a server on the restaurant's network, sees its secret
// once, sends a test and reads it as delivered in the endpoint's log; then removes it.
const suite = useBrowserSuite();
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const TAB = settingsMessages.tabs.integrations;
const panel = (page: Page) => page.getByRole('tabpanel', { name: TAB });

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver(202);
});
afterAll(() => receiver?.close());

describe('Configuración › Integraciones › Webhooks', () => {
  it('the owner adds a webhook, sees its secret once, sends a test and reads the delivery, on a phone', async () => {
    const page = suite.watch(await (await suite.adminContext(PHONE)).newPage());
    await page.goto(suite.url('/admin?tab=configuracion'));
    await page.getByRole('tab', { name: TAB, exact: true }).click();
    const tab = panel(page);
    await tab.getByText(text.empty).waitFor();

    await tab.getByRole('button', { name: text.create }).click();
    const form = page.getByRole('dialog', { name: text.createTitle });
    await form.getByLabel(text.url, { exact: true }).fill(receiver.url);
    await form.getByRole('checkbox', { name: text.eventNames['reservation.created'] }).check();
    // http to this machine without 'Red local': refused, in the form.
    await form.getByRole('button', { name: text.submit }).click();
    await form.getByText(text.validation.httpsRequired).waitFor();
    expect(await suite.db().select().from(webhookEndpoints)).toEqual([]);
    await form.getByRole('checkbox', { name: new RegExp(`^${text.allowLocal}`) }).check();
    await form.getByRole('button', { name: text.submit }).click();

    const shown = page.getByRole('dialog', { name: text.created });
    await shown.getByText(text.secretShownOnce).waitFor();
    const secret = await shown.getByLabel(text.secretLabel, { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: text.done }).click();

    const row = tab.getByRole('listitem', { name: receiver.url });
    await row.getByText(text.localBadge, { exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);
    const sendTest = row.getByRole('button', { name: text.sendTest });
    expect((await sendTest.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await sendTest.click();
    await toast(page, text.testQueued).waitFor();
    const log = row.getByRole('list', { name: formatMessage(text.logLabel, { url: receiver.url }) });
    await log.getByText(text.states.sent, { exact: true }).waitFor({ timeout: BROWSER_WAIT_MS });
    await log.getByText(/^Respuesta 202 en \d+ ms$/).waitFor();
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ type: 'reservation.created', data: { test: true } });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await row.getByRole('button', { name: text.remove }).click();
    const confirm = page.getByRole('dialog', { name: formatMessage(text.removeTitle, { url: receiver.url }) });
    await confirm.getByRole('button', { name: text.remove }).click();
    await toast(page, text.removed).waitFor();
    await tab.getByText(text.empty).waitFor();
  });
});
