import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { formatMessage, messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { messagesCentreMessages, settingsMessages } from '@shared/staff-messages/settings.ts';
import { emailOutbox, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';

// Configuración › General, Reservas and Informes (spec point 2), driven through the screens. Frozen on
// Tuesday 24 November 2026, 11:00 in Madrid; guests book Wednesday the 25th.
const NOW = new Date('2026-11-24T10:00:00Z');
const TOMORROW = '2026-11-25';

const admin = staffMessages.admin;
const general = settingsMessages.general;
const reservationTexts = settingsMessages.reservations;
const reports = settingsMessages.reports;
const saveState = settingsMessages.saveState;
/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
const url = (path: string) => suite.url(path);
const unique = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}`;

beforeEach(async () => {
  // Every test starts from the seeded configuration, whatever the previous one saved.
  await db().update(restaurantConfig).set(restaurantConfigDefaults);
});

const config = async () => (await db().select().from(restaurantConfig))[0]!;

/** The PATCH /api/admin/settings requests the page sends from now on. */
function countPatches(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/admin/settings') counter.count += 1;
  });
  return counter;
}

/** Signed in through /auth once, then by the stored session; opens Configuración on the given sub-tab. */
async function openSettings(section: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await suite.openAdmin('/admin?tab=configuracion', { viewport });
  const subTabs = page.getByRole('tablist', { name: admin.tabs.settings });
  await subTabs.getByRole('tab', { name: section, exact: true }).click();
  await expect.poll(() => subTabs.getByRole('tab', { name: section, exact: true }).getAttribute('aria-selected')).toBe('true');
  return page;
}

/** A guest's page in a browser of its own. */
async function openLanding(): Promise<Page> {
  const context = await suite.newContext({ viewport: { width: 390, height: 844 } });
  const page = suite.watch(await context.newPage());
  await page.goto(url('/'));
  return page;
}

describe('Configuración › General', () => {
  it('saves a burst of typing in one request, and the public page shows the new name', async () => {
    const page = await openSettings(settingsMessages.tabs.general);
    const patches = countPatches(page);
    const name = `Casa ${unique('Pepe')}`;
    const field = page.getByLabel(general.name, { exact: true });
    await expect.poll(() => field.inputValue()).toBe(restaurantConfigDefaults.name);

    await field.fill('');
    await field.pressSequentially(name, { delay: 20 });
    await page.getByRole('status').filter({ hasText: saveState.saved }).waitFor();
    expect(patches.count).toBe(1);
    expect((await config()).name).toBe(name);
    expect(await field.inputValue()).toBe(name);

    const guest = await openLanding();
    await guest.getByRole('banner').getByText(name).waitFor();

    // A pause right after a space: the server stores the name trimmed, but the space stays under the cursor.
    await field.press('End');
    await field.pressSequentially(' ');
    await expect.poll(() => patches.count).toBe(2);
    await page.getByRole('status').filter({ hasText: saveState.saved }).waitFor();
    await field.pressSequentially('Olé', { delay: 20 });
    await expect.poll(() => patches.count).toBe(3);
    await page.getByRole('status').filter({ hasText: saveState.saved }).waitFor();
    expect(await field.inputValue()).toBe(`${name} Olé`);
    await expect.poll(async () => (await config()).name).toBe(`${name} Olé`);
  });

  it('changes the brand colour, and the public page uses it', async () => {
    const page = await openSettings(settingsMessages.tabs.general);
    await page.getByLabel(general.brandColor, { exact: true }).fill('#1d4ed8');
    await expect.poll(() => page.getByLabel(general.brandColorHex).inputValue()).toBe('#1d4ed8');
    await page.getByRole('status').filter({ hasText: saveState.saved }).waitFor();
    expect((await config()).brandColor).toBe('#1d4ed8');

    const guest = await openLanding();
    const branded = guest.locator('[style*="--brand"]').first();
    await expect
      .poll(() => branded.evaluate((element) => getComputedStyle(element).getPropertyValue('--brand').trim()))
      .toBe('#1d4ed8');
  });

  it('shows the Spanish error of an invalid phone, keeps the typed text and saves nothing', async () => {
    const page = await openSettings(settingsMessages.tabs.general);
    const patches = countPatches(page);
    const phone = page.getByLabel(general.contactPhone1, { exact: true });
    await phone.fill('llámame');
    await page
      .getByRole('status')
      .filter({ hasText: formatMessage(saveState.error, { message: settingsMessages.validation.phoneInvalid }) })
      .waitFor();
    expect(await phone.inputValue()).toBe('llámame');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(patches.count).toBe(0);
    expect((await config()).contactPhone1).toBeNull();

    // A valid number afterwards is saved and reaches the guests' contact note.
    await phone.fill('+34 911 222 333');
    await page.getByRole('status').filter({ hasText: saveState.saved }).waitFor();
    expect((await config()).contactPhone1).toBe('+34 911 222 333');
    const guest = await openLanding();
    await guest.getByRole('complementary', { name: messages.landing.contactLabel }).getByText('+34 911 222 333').waitFor();
  });

  it("saves the restaurant's address, and clearing it stores nothing", async () => {
    const page = await openSettings(settingsMessages.tabs.general);
    const address = page.getByLabel(general.address, { exact: true });
    await address.fill('Calle Mayor 1, 28013 Madrid');
    await page.getByRole('status').filter({ hasText: saveState.saved }).first().waitFor();
    await expect.poll(async () => (await config()).address).toBe('Calle Mayor 1, 28013 Madrid');
    await address.fill('');
    await expect.poll(async () => (await config()).address).toBeNull();
  });

  it('refuses a logo that is not an image in the browser, with no request', async () => {
    const page = await openSettings(settingsMessages.tabs.general);
    let uploads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/settings/logo') uploads += 1;
    });
    await page
      .getByLabel(general.logoUpload)
      .setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await page.getByRole('alert').filter({ hasText: settingsMessages.validation.logoType }).waitFor();
    await page
      .getByLabel(general.logoUpload)
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024) });
    await page.getByRole('alert').filter({ hasText: settingsMessages.validation.logoTooLarge }).waitFor();
    expect(uploads).toBe(0);
  });

  it('uploads a logo, shows it to the guests, and removes it', async () => {
    const page = await openSettings(settingsMessages.tabs.general);
    await page.getByLabel(general.logoUpload).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, general.logoSaved).waitFor();
    await page.getByRole('img', { name: general.logoAlt }).waitFor();
    const logoUrl = (await config()).logoUrl;
    expect(logoUrl).toBeTruthy();

    const guest = await openLanding();
    await guest.locator(`header img[src="${logoUrl}"]`).waitFor();

    await page.getByRole('button', { name: general.logoRemove }).click();
    await toast(page, general.logoRemoved).waitFor();
    await page.getByRole('img', { name: general.logoAlt }).waitFor({ state: 'detached' });
    expect((await config()).logoUrl).toBeNull();
  });

  it('stacks its fields on a 360 px screen', async () => {
    const page = await openSettings(settingsMessages.tabs.general, { width: 360, height: 740 });
    await page.getByLabel(general.name, { exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const name = await page.getByLabel(general.name, { exact: true }).boundingBox();
    const colour = await page.getByLabel(general.brandColorHex).boundingBox();
    expect(colour!.y).toBeGreaterThan(name!.y);
  });
});

describe('Configuración › Reservas', () => {
  async function bookThroughApi(): Promise<string> {
    const id = randomUUID();
    const response = await fetch(url('/api/public/reservations'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.app.instance.url },
      body: JSON.stringify({
        id,
        customerName: 'Lucía Gómez',
        customerPhone: '+34 600 111 222',
        customerEmail: `${unique('guest')}@example.com`,
        numberOfPeople: 2,
        reservationDate: TOMORROW,
        reservationTime: '13:00',
        privacyConsent: true,
      }),
    });
    expect(response.status).toBeLessThan(300);
    return id;
  }

  it('turns auto-confirmation on, and a guest booking is created confirmed', async () => {
    const page = await openSettings(settingsMessages.tabs.reservations);
    const toggle = page.getByRole('switch', { name: reservationTexts.autoConfirmation });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await toast(page, admin.toasts.settingsSaved).waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect((await config()).autoConfirmationEnabled).toBe(true);

    const id = await bookThroughApi();
    const [row] = await db().select().from(reservations).where(eq(reservations.id, id));
    expect(row!.status).toBe('confirmed');
  });

  it('changes the duration at once', async () => {
    const page = await openSettings(settingsMessages.tabs.reservations);
    const duration = page.getByLabel(reservationTexts.duration);
    expect(await duration.inputValue()).toBe('90');
    await duration.selectOption({ label: formatMessage(reservationTexts.durationOption, { minutes: 120 }) });
    await toast(page, admin.toasts.settingsSaved).waitFor();
    expect((await config()).reservationDurationMinutes).toBe(120);
  });

  it('pauses all reservations, and the public form says so', async () => {
    const page = await openSettings(settingsMessages.tabs.reservations);
    await page.getByRole('switch', { name: reservationTexts.pauseAll }).click();
    await toast(page, admin.toasts.settingsSaved).waitFor();
    expect((await config()).reservationsPaused).toBe(true);

    const guest = await openLanding();
    await guest.getByText(messages.reservation.errors.reservationsPaused).waitFor();
  });

  it('restores the default cancellation policy', async () => {
    const page = await openSettings(settingsMessages.tabs.reservations);
    const policy = page.getByLabel(reservationTexts.cancellationPolicy);
    await policy.fill('Cancelaciones solo por teléfono.');
    await page.getByRole('status').filter({ hasText: saveState.saved }).waitFor();
    expect((await config()).cancellationPolicy).toBe('Cancelaciones solo por teléfono.');

    await page.getByRole('button', { name: messagesCentreMessages.restoreDefault }).click();
    const restored = toast(page, admin.toasts.messageRestored);
    await restored.waitFor();
    await restored.getByText(admin.toasts.messageRestoredDescription).waitFor();
    await expect.poll(() => policy.inputValue()).toBe(restaurantConfigDefaults.cancellationPolicy);
    expect((await config()).cancellationPolicy).toBe(restaurantConfigDefaults.cancellationPolicy);
  });
});

describe('Configuración › Informes', () => {
  it('sends a test report only once an admin email is saved', async () => {
    const page = await openSettings(settingsMessages.tabs.reports);
    const send = page.getByRole('button', { name: reports.sendTest });
    await send.waitFor();
    expect(await send.isDisabled()).toBe(true);

    const email = `${unique('owner')}@example.com`;
    await page.getByLabel(reports.adminEmail, { exact: true }).fill(email);
    await page.getByRole('status').filter({ hasText: saveState.saved }).waitFor();
    expect((await config()).adminEmail).toBe(email);
    await expect.poll(() => send.isEnabled()).toBe(true);

    await send.click();
    await toast(page, reports.testSent).waitFor();
    const queued = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(queued.map((row) => row.kind)).toEqual(['daily_report']);
  });

  it('refuses an invalid admin email with the server rule', async () => {
    const page = await openSettings(settingsMessages.tabs.reports);
    await page.getByLabel(reports.adminEmail, { exact: true }).fill('no-es-un-email');
    await page
      .getByRole('status')
      .filter({ hasText: formatMessage(saveState.error, { message: messages.reservation.validation.emailFormat }) })
      .waitFor();
    expect((await config()).adminEmail).toBeNull();
    expect(await page.getByRole('button', { name: reports.sendTest }).isDisabled()).toBe(true);
  });

  it('shows the cron expression of the send time and saves the time, the zone and the switch', async () => {
    const page = await openSettings(settingsMessages.tabs.reports);
    await page.getByText(formatMessage(reports.cronHint, { cron: '0 12 * * *' })).waitFor();

    await page.getByLabel(reports.sendTime).fill('09:30');
    await page.getByText(formatMessage(reports.cronHint, { cron: '30 9 * * *' })).waitFor();
    await page.getByRole('status').filter({ hasText: saveState.saved }).waitFor();
    expect((await config()).dailyReportTime).toBe('09:30');

    await page.getByLabel(reports.timeZone).selectOption({ label: 'Bogotá' });
    await toast(page, admin.toasts.settingsSaved).waitFor();
    expect((await config()).dailyReportTimezone).toBe('America/Bogota');

    await page.getByText(reports.off, { exact: true }).waitFor();
    await page.getByRole('switch', { name: reports.enabled }).click();
    await page.getByText(reports.on, { exact: true }).waitFor();
    await expect.poll(async () => (await config()).dailyReportEnabled).toBe(true);
  });
});
