import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { guestEmailTranslations } from '@shared/i18n/translations/index.ts';
import { formatMessage } from '@shared/messages.ts';
import { messagesCentreMessages, settingsMessages, templateTranslationsMessages } from '@shared/staff-messages/settings.ts';
import { restaurantConfig } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, useBrowserSuite } from '../support/admin-browser.ts';

// Configuración › Mensajes in the guests' other languages (issue 26): staff choose a language, see the shipped
// translation of each template, write their own wording, and go back to the shipped one.
const centre = messagesCentreMessages;
const text = templateTranslationsMessages;
const saved = settingsMessages.saveState.saved;
const MESSAGES_URL = '/admin?tab=configuracion&seccion=mensajes';

const suite = useBrowserSuite();
const db = () => suite.db();
const ownTexts = async () => (await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1)))[0]!.templateTranslations;

beforeEach(async () => {
  await db().update(restaurantConfig).set({ templateTranslations: {} }).where(eq(restaurantConfig.id, 1));
});

function openMessages(width = 1280): Promise<Page> {
  return suite.openAdmin(MESSAGES_URL, {
    viewport: { width, height: 900 },
    ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
}

async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.getByLabel(text.language, { exact: true }).selectOption(language);
}

const editor = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const field = (group: Locator) => group.getByRole('textbox');

async function typeBurst(textbox: Locator, typed: string): Promise<void> {
  await textbox.click();
  await textbox.press('ControlOrMeta+a');
  await textbox.pressSequentially(typed);
}

describe('Configuración › Mensajes in English', () => {
  it("keeps staff's welcome email subject across a reload, then restores the shipped translation", async () => {
    const shipped = guestEmailTranslations.en.templates.welcomeEmailSubject;
    const typed = 'We have your request - see you soon';
    const page = await openMessages();
    await expect(page.getByLabel(text.language, { exact: true }).inputValue()).resolves.toBe('es');

    await chooseLanguage(page, 'en');
    const subject = editor(page, centre.welcomeEmailSubject);
    await expect.poll(() => field(subject).inputValue(), { timeout: BROWSER_WAIT_MS }).toBe(shipped);
    await subject.getByText(text.shipped, { exact: true }).waitFor();
    await editor(page, centre.welcomeEmailMessage).getByRole('figure', { name: centre.preview }).getByText(/María García.*December 2026/s).waitFor();

    await typeBurst(field(subject), typed);
    await subject.getByText(saved, { exact: true }).waitFor();
    await subject.getByText(text.shipped, { exact: true }).waitFor({ state: 'detached' });
    expect(await ownTexts()).toEqual({ en: { welcomeEmailSubject: typed } });

    await page.reload();
    await chooseLanguage(page, 'en');
    const reloaded = editor(page, centre.welcomeEmailSubject);
    await expect.poll(() => field(reloaded).inputValue(), { timeout: BROWSER_WAIT_MS }).toBe(typed);
    await expect(reloaded.getByText(text.shipped, { exact: true }).count()).resolves.toBe(0);

    await reloaded.getByRole('button', { name: text.restoreShipped }).click();
    await reloaded.getByText(text.shipped, { exact: true }).waitFor();
    await expect(field(reloaded).inputValue()).resolves.toBe(shipped);
    await expect.poll(ownTexts, { timeout: BROWSER_WAIT_MS }).toEqual({});

    await chooseLanguage(page, 'es');
    await expect(field(editor(page, centre.welcomeEmailSubject)).inputValue()).resolves.not.toBe(shipped);
  });
});

describe('Configuración › Mensajes in Catalan, on a 360 px phone', () => {
  it('previews in Catalan, warns about an unknown variable and fits the screen', async () => {
    const page = await openMessages(360);
    await chooseLanguage(page, 'ca');
    const reminder = editor(page, centre.reminder24hMessage);
    await expect.poll(() => field(reminder).inputValue(), { timeout: BROWSER_WAIT_MS }).toBe(guestEmailTranslations.ca.templates.reminder24hMessage);

    await typeBurst(field(reminder), 'Us esperem a les {time}. {unknownVar}');

    await reminder.getByText(formatMessage(centre.unknownVariables, { names: '{unknownVar}' })).waitFor();
    await reminder.getByText(saved, { exact: true }).waitFor();
    await reminder.getByRole('figure', { name: centre.preview }).getByText('Us esperem a les 14:00. {unknownVar}').waitFor();
    await editor(page, centre.welcomeEmailMessage).getByRole('figure', { name: centre.preview }).getByText(/5 de desembre/).waitFor();
    expect(await ownTexts()).toEqual({ ca: { reminder24hMessage: 'Us esperem a les {time}. {unknownVar}' } });
    const select = await page.getByLabel(text.language, { exact: true }).boundingBox();
    expect(select!.height).toBeGreaterThanOrEqual(44);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).resolves.toBe(true);
  });
});
