import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { mailSettingsMessages, settingsMessages } from '@shared/staff-messages/settings.ts';
import { restaurantConfig } from '../../src/server/db/schema.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';

// Issue 20, item 4, as the owner of a fresh install sees it: 'Primeros pasos' on Reservas (never a modal), the
// warning that guests get no emails, Datos legales and Correo saliente in Configuración, each step ticking off.
const text = staffMessages.admin.setupChecklist;
const mail = mailSettingsMessages;
const general = settingsMessages.general;
const suite = useBrowserSuite();
let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(() => peer?.close());

const checklist = (page: Page) => page.getByRole('region', { name: text.title });
const progress = (done: number) => formatMessage(text.progress, { done, total: 9 });

describe('the set-up checklist', () => {
  it('guides a fresh install step by step while the service screen stays usable, and can be hidden', async () => {
    const page = await suite.openAdmin('/admin?tab=reservas');
    // Guests get no emails yet, and the staff are told so.
    await page.getByText(staffMessages.admin.mailWarning.title).waitFor();
    const card = checklist(page);
    await card.getByText(progress(0)).waitFor();
    // Not a modal: the day's tools are still there to use.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: staffMessages.admin.today.addManual }).first().waitFor();

    // The admin email, pre-filled with the owner's own address, saved in one click.
    const adminEmail = card.getByRole('textbox', { name: text.steps.adminEmail.title });
    expect(await adminEmail.inputValue()).toBe(suite.adminEmail);
    await card.getByRole('button', { name: text.adminEmailSave }).click();
    await toast(page, text.adminEmailSaved).waitFor();
    await card.getByText(progress(1)).waitFor();
    const [config] = await suite.db().select().from(restaurantConfig);
    expect(config!.adminEmail).toBe(suite.adminEmail);

    // The legal details, where the step leads; a wrong NIF is refused in Spanish.
    await card.getByRole('link', { name: `${text.go}: ${text.steps.legal.title}` }).click();
    await page.waitForURL(/tab=configuracion&seccion=general/);
    await page.getByLabel(general.legalName).fill('Casa Prueba SL');
    await page.getByLabel(general.legalNif).fill('B12345675');
    await page.getByLabel(general.legalNif).blur();
    await page.getByText(settingsMessages.validation.nifInvalid).waitFor();
    await page.getByLabel(general.legalNif).fill('B12345674');
    await page.getByLabel(general.legalAddress).fill('Calle Mayor 1, 28013 Madrid');
    await page.getByLabel(general.legalEmail).fill('legal@casaprueba.es');
    await page.getByLabel(general.legalEmail).blur();
    await expect.poll(async () => (await suite.db().select().from(restaurantConfig))[0]!.legalEmail, { timeout: 10_000 }).toBe('legal@casaprueba.es');
    await expect.poll(async () => (await suite.db().select().from(restaurantConfig))[0]!.legalNif).toBe('B12345674');

    // Correo saliente, from the warning's link: saved, then a test email that really arrives.
    await page.goto(suite.url('/admin?tab=reservas'));
    await checklist(page).getByText(progress(2)).waitFor();
    await page.getByRole('link', { name: staffMessages.admin.mailWarning.action }).click();
    await page.waitForURL(/seccion=correo/);
    await page.getByLabel(mail.host).fill('127.0.0.1');
    await page.getByLabel(mail.port).fill(String(peer.port));
    await page.getByLabel(mail.security).selectOption('none');
    await page.getByLabel(mail.sender).fill('reservas@casaprueba.es');
    await page.getByRole('button', { name: mail.save }).click();
    await toast(page, mail.saved).waitFor();
    await page.getByRole('button', { name: mail.test }).click();
    await toast(page, formatMessage(mail.testSent, { to: suite.adminEmail })).waitFor();
    const [test] = await peer.waitForMessages(1);
    expect(test!.envelopeTo).toEqual([suite.adminEmail]);

    // Back on Reservas: no warning, three steps done; the hours are fine as they are; then the card is hidden.
    await page.goto(suite.url('/admin?tab=reservas'));
    const back = checklist(page);
    await back.getByText(progress(3)).waitFor();
    expect(await page.getByText(staffMessages.admin.mailWarning.title).count()).toBe(0);
    await back.getByRole('button', { name: `${text.hoursConfirm}: ${text.steps.hours.title}` }).click();
    await back.getByRole('button', { name: `${text.restore}: ${text.steps.hours.title}` }).waitFor();
    await back.getByRole('button', { name: text.hide }).click();
    await checklist(page).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('banner').getByText(suite.adminEmail).waitFor();
    await page.getByRole('tab', { name: staffMessages.admin.tabs.today }).waitFor();
    expect(await checklist(page).count()).toBe(0);
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    await suite.db().update(restaurantConfig).set({ setupChecklistHidden: false });
    const page = await suite.openAdmin('/admin?tab=reservas', { viewport: { width: 360, height: 740 } });
    await checklist(page).getByText(text.steps.identity.title).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
