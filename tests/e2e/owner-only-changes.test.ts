import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { recentSignInMessages, sensitiveChangesMessages } from '@shared/staff-messages/sensitive-changes.ts';
import { mailSettingsMessages, settingsMessages } from '@shared/staff-messages/settings.ts';
import { restaurantConfig, sessions, users } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { accessibleDescription } from '../support/accessible-description.ts';
import { ADMIN_PASSWORD, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertStaff } from '../support/factories.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';

// Issue 41, item 1, through the screens: an encargado reads what decides where mail goes without changing it, Sala
// has no closures on Reservas, and the owner types their password again for such a change when the last time is old.
const note = staffMessages.admin.ownerOnly.note;
const checklistText = staffMessages.admin.setupChecklist;
const today = staffMessages.admin.today;
const reports = settingsMessages.reports;
const general = settingsMessages.general;
const retention = settingsMessages.retention;
const mail = mailSettingsMessages;
const recent = recentSignInMessages;
const suite = useBrowserSuite();
let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(() => peer?.close());

async function staffMember(role: 'manager' | 'floor'): Promise<string> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  await insertStaff(suite.db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: [role] });
  return email;
}

async function expectOwnerOnly(control: Locator): Promise<void> {
  await control.waitFor();
  expect(await control.isDisabled()).toBe(true);
  expect(await accessibleDescription(control)).toContain(note);
}

const config = async () => (await suite.db().select().from(restaurantConfig))[0]!;

const PHONE = { viewport: { width: 360, height: 740 } };

/** axe's WCAG 2.2 AA violations inside `selector`, one line each. */
async function violations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** Nothing wider than the screen. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('what only the owner may change', () => {
  it("shows an encargado the owner-only settings, Correo saliente and the checklist's email steps read-only, with the note", async () => {
    const manager = await staffMember('manager');
    const page = await suite.openAdmin('/admin', { email: manager });

    // 'Primeros pasos': the steps still show whether they are done, but the owner's ones offer no form and no link.
    const checklist = page.getByRole('region', { name: checklistText.title });
    const step = (title: string) => checklist.getByRole('listitem').filter({ hasText: title });
    await step(checklistText.steps.email.title).getByText(staffMessages.admin.ownerOnly.mailStep).waitFor();
    await step(checklistText.steps.adminEmail.title).getByText(note).waitFor();
    expect(await checklist.getByRole('textbox').count()).toBe(0);
    expect(await checklist.getByRole('link', { name: `${checklistText.go}: ${checklistText.steps.email.title}` }).count()).toBe(0);
    expect(await checklist.getByRole('link', { name: `${checklistText.go}: ${checklistText.steps.legal.title}` }).count()).toBe(0);
    await checklist.getByRole('link', { name: `${checklistText.go}: ${checklistText.steps.phones.title}` }).waitFor();
    expect(await page.getByRole('link', { name: staffMessages.admin.mailWarning.action }).count()).toBe(0);
    // The encargado keeps the closures.
    await page.getByRole('button', { name: today.blockDay }).waitFor();

    // Informes: the report's recipients, switch, time and zone.
    await page.goto(suite.url('/admin?tab=configuracion&seccion=informes'));
    await expectOwnerOnly(page.getByLabel(reports.adminEmail, { exact: true }));
    await expectOwnerOnly(page.getByLabel(reports.additionalEmail, { exact: true }));
    await expectOwnerOnly(page.getByRole('switch', { name: reports.enabled }));
    await expectOwnerOnly(page.getByLabel(reports.sendTime, { exact: true }));
    await expectOwnerOnly(page.getByLabel(reports.timeZone, { exact: true }));

    // General: the legal details are the owner's, the restaurant's name is not.
    await page.goto(suite.url('/admin?tab=configuracion&seccion=general'));
    for (const label of [general.legalName, general.legalNif, general.legalAddress, general.legalEmail]) {
      await expectOwnerOnly(page.getByLabel(label, { exact: true }));
    }
    expect(await page.getByLabel(general.name, { exact: true }).isDisabled()).toBe(false);

    // Privacidad: the retention periods.
    await page.goto(suite.url('/admin?tab=configuracion&seccion=privacidad'));
    for (const label of [retention.reservationMonths, retention.cancelledMonths, retention.allergenMonths]) {
      await expectOwnerOnly(page.getByLabel(label, { exact: true }));
    }

    // Correo saliente, once the owner has set it: its values visible, nothing to save or remove, the test email theirs.
    const owner = await suite.openAdmin('/admin?tab=configuracion&seccion=correo');
    await owner.getByLabel(mail.host).fill('127.0.0.1');
    await owner.getByLabel(mail.port).fill(String(peer.port));
    await owner.getByLabel(mail.security).selectOption('none');
    await owner.getByLabel(mail.sender).fill('reservas@casaprueba.es');
    await owner.getByRole('button', { name: mail.save }).click();
    await toast(owner, mail.saved).waitFor();

    await page.goto(suite.url('/admin?tab=configuracion&seccion=correo'));
    const host = page.getByLabel(mail.host);
    await expect.poll(() => host.inputValue()).toBe('127.0.0.1');
    expect(await host.isDisabled()).toBe(true);
    expect(await page.getByLabel(mail.sender).inputValue()).toBe('reservas@casaprueba.es');
    await page.getByText(note).waitFor();
    expect(await page.getByRole('button', { name: mail.save }).count()).toBe(0);
    expect(await page.getByRole('button', { name: mail.remove }).count()).toBe(0);
    await page.getByRole('button', { name: mail.test }).click();
    await toast(page, formatMessage(mail.testSent, { to: manager })).waitFor();
    const [test] = await peer.waitForMessages(1);
    expect(test!.envelopeTo).toEqual([manager]);
  });

  it('shows Sala no pause and no block-day controls on Reservas', async () => {
    const page = await suite.openAdmin('/admin', { email: await staffMember('floor') });
    await page.getByRole('button', { name: today.addManual }).first().waitFor();
    expect(await page.getByRole('button', { name: today.pause }).count()).toBe(0);
    expect(await page.getByRole('button', { name: today.managePause }).count()).toBe(0);
    expect(await page.getByRole('button', { name: today.blockDay }).count()).toBe(0);
  });
});

describe("the owner's password, asked again", () => {
  /** The owner's password last typed an hour ago: the next sensitive change asks for it. */
  async function signedInLongAgo(): Promise<void> {
    const [owner] = await suite.db().select({ id: users.id }).from(users).where(eq(users.email, suite.adminEmail));
    await suite.db().update(sessions).set({ freshSignInAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.userId, owner!.id));
  }

  const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

  async function typeAdminEmail(page: Page, email: string): Promise<void> {
    const field = page.getByLabel(reports.adminEmail, { exact: true });
    await field.fill(email);
    await field.press('Tab');
  }

  it('confirms it in a dialog, by keyboard alone, then saves the change and lists it in Seguridad', async () => {
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=informes');
    // Seguridad open beside it, to see the change arrive live.
    const security = suite.watch(await page.context().newPage());
    await security.goto(suite.url('/admin?tab=seguridad'));
    await security.getByText(sensitiveChangesMessages.description).waitFor();
    const changes = security.getByRole('list', { name: sensitiveChangesMessages.title });
    await signedInLongAgo();

    // 'Cancelar' (Escape): the field keeps the server's refusal, and nothing is saved.
    await typeAdminEmail(page, 'cancelado@casaprueba.es');
    const dialog = page.getByRole('dialog', { name: recent.title });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(formatMessage(settingsMessages.saveState.error, { message: messages.permissions.recentSignIn })).waitFor();
    expect((await config()).adminEmail).not.toBe('cancelado@casaprueba.es');

    // Again: the dialog takes the focus in its password field; a wrong password is said under it.
    await typeAdminEmail(page, 'avisos@casaprueba.es');
    await dialog.waitFor();
    const password = dialog.getByLabel(recent.password, { exact: true });
    await expect.poll(() => focused(password)).toBe(true);
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await dialog.getByText(messages.permissions.wrongPassword).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focused(password)).toBe(true);

    // The show/hide button is the next stop; then the right password, sent with Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await password.getAttribute('type')).toBe('text');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The refused save went again and went through: saved, kept after a reload, and in Seguridad at once.
    await page.getByText(settingsMessages.saveState.saved).waitFor();
    await expect.poll(async () => (await config()).adminEmail).toBe('avisos@casaprueba.es');
    await page.reload();
    await expect.poll(() => page.getByLabel(reports.adminEmail, { exact: true }).inputValue()).toBe('avisos@casaprueba.es');

    const row = changes.getByRole('listitem').filter({ hasText: sensitiveChangesMessages.fields.adminEmail });
    await row.getByText(sensitiveChangesMessages.actions.settings_changed).waitFor();
    await row.getByText(suite.adminEmail).waitFor();

    // Confirmed just now: the next change needs no password.
    await typeAdminEmail(page, 'otro@casaprueba.es');
    await expect.poll(async () => (await config()).adminEmail).toBe('otro@casaprueba.es');
    expect(await dialog.count()).toBe(0);
  });

  it("fits a 360 px phone, with 44 px buttons and nothing axe finds, as do an encargado's read-only Informes", async () => {
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=informes', PHONE);
    await signedInLongAgo();
    await typeAdminEmail(page, 'movil@casaprueba.es');
    const dialog = page.getByRole('dialog', { name: recent.title });
    await dialog.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    for (const name of [recent.cancel, recent.confirm]) {
      expect((await dialog.getByRole('button', { name, exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: recent.cancel, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const manager = await suite.openAdmin('/admin?tab=configuracion&seccion=informes', { ...PHONE, email: await staffMember('manager') });
    await manager.getByLabel(reports.adminEmail, { exact: true }).waitFor();
    expect(await fitsWidth(manager)).toBe(true);
    expect(await violations(manager, 'main')).toEqual([]);
  });
});
