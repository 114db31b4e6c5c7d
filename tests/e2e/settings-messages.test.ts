import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { notificationsMessages } from '@shared/staff-messages/notifications.ts';
import { messagesCentreMessages, settingsMessages } from '@shared/staff-messages/settings.ts';
import { emailOutbox, notificationSettings, restaurantConfig } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, toast, useBrowserSuite } from '../support/admin-browser.ts';

// The message templates and notification settings seen by the owner on /admin (spec point 2, Mensajes and
// Notificaciones): debounced saves, preview, restore-default, switches and test notifications.
const centre = messagesCentreMessages;
const notifications = notificationsMessages;
const WAIT = BROWSER_WAIT_MS;
const MESSAGES_URL = '/admin?tab=configuracion&seccion=mensajes';
const TEMPLATES_URL = '/admin?tab=notificaciones&seccion=plantillas';
const CHANNELS_URL = '/admin?tab=notificaciones&seccion=configuracion';
const TESTS_URL = '/admin?tab=notificaciones&seccion=pruebas';

// The real clock: nothing here depends on the date.
const suite = useBrowserSuite();
const db = () => suite.db();
const unique = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}`;

async function config() {
  const [row] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
  return row!;
}

/** The signed-in owner on `path`, on a desktop screen unless a phone width is given. */
function openAdmin(path: string, width = 1280): Promise<Page> {
  return suite.openAdmin(path, {
    viewport: { width, height: 900 },
    ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
}

/** One template editor: its label names the group that holds the field, the restore button and the preview. */
const editor = (p: Page, label: string) => p.getByRole('group', { name: label, exact: true });
const field = (group: Locator) => group.getByRole('textbox');

/** Counts the saves of restaurant_config the page sends. */
function countSettingsPatches(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/admin/settings') count += 1;
  });
  return () => count;
}

async function typeBurst(textbox: Locator, text: string): Promise<void> {
  await textbox.click();
  await textbox.press('ControlOrMeta+a');
  await textbox.pressSequentially(text);
}

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe('Configuración › Mensajes', () => {
  it('saves a burst of typing with one request, shows Guardado and previews the sample reservation', async () => {
    const page = await openAdmin(MESSAGES_URL);
    const patches = countSettingsPatches(page);
    const group = editor(page, notifications.cancellation);
    await field(group).waitFor();
    const typed = 'Hola {name}, anulamos su mesa de las {time} para {people}.';

    await typeBurst(field(group), typed);

    await group.getByText(settingsMessages.saveState.saved, { exact: true }).waitFor();
    expect((await config()).cancellationMessage).toBe(typed);
    expect(patches()).toBe(1);
    await group
      .getByRole('figure', { name: centre.preview })
      .getByText('Hola María García, anulamos su mesa de las 14:00 para 4.', { exact: true })
      .waitFor();
    await expect(field(group).inputValue()).resolves.toBe(typed);
  });

  it('warns about an unknown {variable} and still saves the template', async () => {
    const page = await openAdmin(MESSAGES_URL);
    const group = editor(page, centre.reminder2hMessage);
    await field(group).waitFor();
    const typed = 'Le esperamos a las {time}. {unknownVar}';

    await typeBurst(field(group), typed);

    await group.getByText(formatMessage(centre.unknownVariables, { names: '{unknownVar}' })).waitFor();
    await group.getByText(settingsMessages.saveState.saved, { exact: true }).waitFor();
    expect((await config()).reminder2hMessage).toBe(typed);
    await group.getByRole('figure', { name: centre.preview }).getByText('Le esperamos a las 14:00. {unknownVar}').waitFor();
  });

  it('shows the server error under a field emptied, keeping what was typed', async () => {
    const page = await openAdmin(MESSAGES_URL);
    const group = editor(page, centre.cancellationSubject);
    await field(group).waitFor();

    await typeBurst(field(group), ' ');

    await group.getByText(settingsMessages.validation.textRequired).waitFor();
    await expect(field(group).inputValue()).resolves.toBe(' ');
    expect((await config()).cancellationSubject).not.toBe(' ');
  });

  it('works on a 360 px wide phone', async () => {
    const page = await openAdmin(MESSAGES_URL, 360);
    await field(editor(page, centre.welcomeEmailMessage)).waitFor();
    await expect(hasNoHorizontalScroll(page)).resolves.toBe(true);
  });
});

describe('Notificaciones › Plantillas', () => {
  it('restores a template to its default in the field and the database', async () => {
    await db().update(restaurantConfig).set({ autoConfirmationMessage: 'Texto propio del restaurante' });
    const page = await openAdmin(TEMPLATES_URL);
    const group = editor(page, notifications.autoConfirmation);
    await expect.poll(() => field(group).inputValue(), { timeout: WAIT }).toBe('Texto propio del restaurante');

    await group.getByRole('button', { name: centre.restoreDefault }).click();

    await toast(page, staffMessages.admin.toasts.messageRestored).waitFor();
    await toast(page, staffMessages.admin.toasts.messageRestoredDescription).waitFor();
    await expect(field(group).inputValue()).resolves.toBe(restaurantConfigDefaults.autoConfirmationMessage);
    expect((await config()).autoConfirmationMessage).toBe(restaurantConfigDefaults.autoConfirmationMessage);
  });

  it('turning the 24 h reminder off disables its message and saves it, on a 360 px phone', async () => {
    await db().update(restaurantConfig).set({ reminder24hEnabled: true });
    const page = await openAdmin(TEMPLATES_URL, 360);
    const message = field(editor(page, centre.reminder24hMessage));
    await expect(message.isEnabled()).resolves.toBe(true);

    await page.getByRole('switch', { name: centre.reminder24hEnabled }).click();

    await expect.poll(() => message.isDisabled(), { timeout: WAIT }).toBe(true);
    await toast(page, staffMessages.admin.toasts.settingsSaved).waitFor();
    expect((await config()).reminder24hEnabled).toBe(false);
    await expect(hasNoHorizontalScroll(page)).resolves.toBe(true);
  });
});

describe('Notificaciones › Configuración', () => {
  it('a switch saves notification_settings at once', async () => {
    const page = await openAdmin(CHANNELS_URL);
    const push = page.getByRole('switch', { name: notifications.push });
    await push.waitFor();
    const before = (await push.getAttribute('aria-checked')) === 'true';

    await push.click();

    await toast(page, staffMessages.admin.toasts.settingsSaved).waitFor();
    const [row] = await db().select().from(notificationSettings).where(eq(notificationSettings.id, 1));
    expect(row?.pushNotificationsEnabled).toBe(!before);
    await expect(push.getAttribute('aria-checked')).resolves.toBe(String(!before));
  });
});

describe('Notificaciones › Pruebas', () => {
  it('sends a test confirmation to the admin email', async () => {
    const ownerEmail = `${unique('owner')}@example.com`;
    await db().update(restaurantConfig).set({ adminEmail: ownerEmail });
    const page = await openAdmin(TESTS_URL);
    await page.getByText(formatMessage(notifications.testRecipient, { email: ownerEmail })).waitFor();

    await page.getByRole('button', { name: notifications.tests.confirmation }).click();

    await toast(page, staffMessages.admin.toasts.testNotificationSent).waitFor();
    await toast(page, ownerEmail).waitFor();
    const rows = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, ownerEmail), eq(emailOutbox.kind, 'test_confirmation')));
    expect(rows).toHaveLength(1);
  });

  it('without an admin email, says why no test was sent', async () => {
    await db().update(restaurantConfig).set({ adminEmail: null });
    const page = await openAdmin(TESTS_URL);
    await page.getByText(notifications.testNoAdminEmail).waitFor();
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/notifications/test');

    await page.getByRole('button', { name: notifications.tests.cancellation }).click();

    const response = await answered;
    expect(response.status()).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    const failed = toast(page, notifications.testFailed);
    await failed.waitFor();
    await failed.getByText(error.message).waitFor();
  });
});
