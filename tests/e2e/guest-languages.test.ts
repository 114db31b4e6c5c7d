import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guestEmailTextsEs } from '@shared/i18n/guest-email-texts.ts';
import type { Language } from '@shared/i18n/languages.ts';
import { languageNames } from '@shared/i18n/languages.ts';
import caEmails from '@shared/i18n/translations/emails/ca.ts';
import enEmails from '@shared/i18n/translations/emails/en.ts';
import { fillTemplate, formatLongDate } from '@shared/rules/templates.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import { consentimientos, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { hydrated, toast, useBrowserSuite, type NewContextOptions } from '../support/admin-browser.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { uniqueEmail } from '../support/factories.ts';
import { fieldError } from '../support/guest-form.ts';
import {
  bookingFormIn,
  type BookingFormIn,
  guestTextsIn,
  htmlLang,
  icsProperty,
  languageSwitcher,
  storedLanguage,
} from '../support/guest-language.ts';
import { parseEmail, startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';

// Issue 26 in the browser: the guest side follows ?lang, the switcher's stored choice, then the browser's languages,
// else Spanish; a booking made in a language gets its validation, answers, email and calendar file in it, and the
// staff's pages stay Spanish. The real clock: the outbox worker sends what is due by the database's own time and the
// SMTP peer receives it. Bookings are for a day a week or so ahead, at 13:30.
const DATE = openDayNextWeek();
const TIME = '13:30';
const PHONE = { width: 390, height: 844 };

const es = guestTextsIn('es');
const en = guestTextsIn('en');
const ca = guestTextsIn('ca');
const fr = guestTextsIn('fr');
const suite = useBrowserSuite();
const db = () => suite.db();
let peer: SmtpPeer;
let restaurant = '';

beforeAll(async () => {
  peer = await startSmtpPeer();
  // Correo saliente pointed at the peer, as an owner sets it in Configuración.
  const saved = await suite.app.request({
    method: 'PUT',
    url: '/api/admin/mail-settings',
    cookie: await suite.app.signIn(),
    payload: { host: '127.0.0.1', port: peer.port, security: 'none', username: '', password: '', sender: 'reservas@example.com' },
  });
  expect(saved.statusCode).toBe(200);
  restaurant = (await db().select().from(restaurantConfig))[0]!.name;
});
afterAll(async () => {
  await peer?.close();
});
beforeEach(() => peer.reset());

/** A phone-sized page (a Spanish browser unless `locale` says otherwise) on `path`, answered 200. */
async function openPage(path: string, options: NewContextOptions = {}): Promise<Page> {
  const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, ...options });
  const page = suite.watch(await context.newPage());
  expect((await page.goto(suite.url(path)))?.status()).toBe(200);
  return page;
}

/** The booking form in `language`, once React has rendered it (the server's first screen has no submit button). */
async function formIn(page: Page, language: Language): Promise<BookingFormIn> {
  const form = bookingFormIn(page, language);
  await form.submit.waitFor();
  await form.heading.waitFor();
  return form;
}

/** The one message the SMTP peer received for `address`, parsed. */
async function deliveredTo(address: string) {
  const received = () => peer.messages.filter((message) => message.envelopeTo.includes(address));
  await expect.poll(() => received().length, { timeout: 20_000 }).toBe(1);
  return parseEmail(received()[0]!.raw);
}

/** The Spanish welcome template's own words (what is left between its {placeholders}), long enough to be telling. */
const spanishWelcomeWords = guestEmailTextsEs.templates.welcomeEmailMessage
  .split(/\{\w+\}|\n+/)
  .map((fragment) => fragment.trim())
  .filter((fragment) => fragment.length >= 8);

/** The booking form filled for a party of two on DATE at TIME (or `time`), the consent given. */
async function fillBooking(form: BookingFormIn, guest: { name: string; email: string; phone?: string }, time = TIME): Promise<void> {
  await form.fillGuest(guest);
  await form.people.selectOption('2');
  await form.pickDate(DATE);
  expect(await form.dateButtonName()).toBe(form.chosenDateName(DATE));
  await form.time.selectOption(time);
  await form.consent.check();
}

const reservationOf = async (email: string) => {
  const rows = await db().select().from(reservations).where(eq(reservations.customerEmail, email));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** The summary's rows as 'label: value'. */
const summaryRows = (form: BookingFormIn) =>
  form.summary.locator('dt').evaluateAll((terms) => terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`));

describe('an English browser (en-GB)', () => {
  it('gets the page, the validation, the success, the email and the calendar file in English', async () => {
    const page = await openPage('/', { locale: 'en-GB' });
    const form = await formIn(page, 'en');
    const text = en.reservation.form;

    // The page: its lang, the headings, the welcome (the shipped translation of the default) and the form's labels.
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('heading', { name: en.landing.welcomeHeading, level: 1, exact: true }).waitFor();
    await page.getByText(enEmails.templates.welcomeMessage, { exact: true }).waitFor();
    expect(await languageSwitcher(page, 'en').inputValue()).toBe('en');
    for (const control of [form.name, form.phone, form.email, form.people, form.time, form.consent]) expect(await control.count()).toBe(1);
    expect(await form.dateButtonName()).toBe(form.noDateName);
    await page.getByText(en.landing.footer.confirmationRequired, { exact: true }).waitFor();
    expect(await page.getByText(es.reservation.form.title, { exact: true }).count()).toBe(0);
    expect(await page.getByText(es.reservation.form.submit, { exact: true }).count()).toBe(0);
    expect(await storedLanguage(page)).toBeNull();

    let posted = 0;
    const acceptLanguages: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/api/public/reservations')) return;
      posted += 1;
      acceptLanguages.push(request.headers()['accept-language'] ?? '');
    });

    // The empty form: each field's English error under it, nothing sent.
    const v = en.reservation.validation;
    await form.submit.click();
    await expect.poll(() => fieldError(form.name)).toBe(v.nameMin);
    expect(await fieldError(form.phone)).toBe(v.phoneMin);
    expect(await fieldError(form.email)).toBe(v.emailInvalid);
    expect(await fieldError(form.dateButton)).toBe(v.dateRequired);
    expect(await fieldError(form.time)).toBe(v.timeRequired);
    expect(await fieldError(form.consent)).toBe(v.consentRequired);
    expect(await fieldError(form.people)).toBeNull();

    // Invalid values, then errors that follow the input.
    await form.name.fill('E');
    await form.phone.fill('07700 9');
    await form.email.fill('emma@');
    await form.submit.click();
    await expect.poll(() => fieldError(form.email)).toBe(v.emailInvalid);
    expect(await fieldError(form.name)).toBe(v.nameMin);
    expect(await fieldError(form.phone)).toBe(v.phoneMin);
    await form.name.fill('Emma3');
    await expect.poll(() => fieldError(form.name)).toBe(v.nameInvalid);
    expect(posted).toBe(0);

    // A valid booking: the English toast and summary.
    const email = uniqueEmail('emma');
    const name = 'Emma Clarke';
    await fillBooking(form, { name, email, phone: '+44 7700 900123' });
    await form.submit.click();
    const success = form.toast(en.reservation.success.title);
    await success.waitFor();
    expect(await success.textContent()).toContain(en.reservation.success.description);
    await form.summary.waitFor();
    const summary = en.reservation.summary;
    expect(await summaryRows(form)).toEqual([
      `${text.date}: ${form.longDate(DATE)}`,
      `${text.time}: ${TIME}`,
      `${summary.people}: ${form.format(text.peopleMany, { count: 2 })}`,
      `${summary.status}: ${summary.pending}`,
    ]);
    await form.summary.getByText(summary.nextPending, { exact: true }).waitFor();
    // Every request the page sent asked for English (a proof-of-work retry is the same request again).
    expect(acceptLanguages.length).toBeGreaterThan(0);
    expect(new Set(acceptLanguages)).toEqual(new Set(['en']));

    // Remembered on the reservation and its consent, with the words the guest accepted.
    const reservation = await reservationOf(email);
    expect(reservation).toMatchObject({ language: 'en', status: 'pending', reservationDate: DATE, reservationTime: TIME });
    const [consent] = await db().select().from(consentimientos).where(eq(consentimientos.reservationId, reservation.id));
    expect(consent).toMatchObject({ language: 'en', consentText: `${text.consentPrefix} ${text.consentLink}` });

    // 'Add to calendar': fetched without any Accept-Language of ours, so its language is the booking's own.
    const href = await form.summary.getByRole('link', { name: summary.addToCalendar, exact: true }).getAttribute('href');
    expect(href).toMatch(/^\/api\/public\/guest-reservations\/[\w-]{43}\/calendar\.ics$/);
    const served = await fetch(suite.url(href!));
    expect(served.status).toBe(200);
    const ics = await served.text();
    expect(icsProperty(ics, 'SUMMARY')).toBe(form.format(en.selfService.icsSummary, { restaurant }));
    expect(icsProperty(ics, 'DESCRIPTION')).toBe(form.format(en.selfService.icsDescription, { people: 2, name }));
    expect(ics).not.toContain('personas');

    // The welcome email as the SMTP server receives it: English subject, lang, words and date; no Spanish text.
    const mail = await deliveredTo(email);
    expect(mail.header('subject')).toBe(`${enEmails.templates.welcomeEmailSubject} · ${restaurant}`);
    expect(mail.header('from')).toBe(`${restaurant} <reservas@example.com>`);
    expect(mail.html).toContain('<html lang="en">');
    const filled = fillTemplate(enEmails.templates.welcomeEmailMessage, reservation, restaurant, 'en');
    expect(mail.text).toContain(filled);
    expect(mail.text).toContain(formatLongDate(DATE, 'en'));
    expect(mail.text).toContain(enEmails.manageIntro);
    expect(mail.html).toContain(enEmails.headings.welcome);
    for (const spanish of [
      ...spanishWelcomeWords,
      guestEmailTextsEs.templates.welcomeEmailSubject,
      guestEmailTextsEs.headings.welcome,
      guestEmailTextsEs.manageIntro,
      guestEmailTextsEs.manageLabel,
      formatLongDate(DATE, 'es'),
    ]) {
      expect(mail.text).not.toContain(spanish);
      expect(mail.html).not.toContain(spanish);
    }

    // Its private link carries ?lang=en: opened in a Spanish browser, the guest's page is English.
    const link = new RegExp(`${enEmails.manageLabel}: http://localhost:3000(/reserva/[\\w-]{43}\\?lang=en)$`, 'm').exec(mail.text);
    expect(link).not.toBeNull();
    const privatePage = await openPage(link![1]!);
    await privatePage.getByRole('heading', { name: en.selfService.title, level: 1, exact: true }).waitFor();
    await privatePage.getByText(formatLongDate(DATE, 'en'), { exact: true }).waitFor();
    expect(await htmlLang(privatePage)).toBe('en');
    expect(await languageSwitcher(privatePage, 'en').inputValue()).toBe('en');
  });

  it("shows a refusal the server writes (the day's limit per email) in English", async () => {
    // The guest already has three requests for that day, none overlapping another (issue 41): a fourth is refused.
    const email = uniqueEmail('limit');
    for (const [index, reservationTime] of ['13:00', '14:30', '16:00'].entries()) {
      const response = await suite.app.request({
        method: 'POST',
        url: '/api/public/reservations',
        remoteAddress: `10.26.0.${index + 1}`,
        payload: {
          id: randomUUID(),
          customerName: 'Emma Clarke',
          customerPhone: '+44 7700 900123',
          customerEmail: email,
          numberOfPeople: 2,
          reservationDate: DATE,
          reservationTime,
          privacyConsent: true,
        },
      });
      expect(response.statusCode).toBe(201);
    }
    const page = await openPage('/', { locale: 'en-GB' });
    const form = await formIn(page, 'en');
    await fillBooking(form, { name: 'Emma Clarke', email }, '17:30');
    await form.submit.click();
    const refused = toast(page, en.reservation.errors.title).filter({ hasText: en.reservation.errors.rateLimit });
    await refused.waitFor();
    expect(await page.getByText(es.reservation.errors.rateLimit).count()).toBe(0);
    expect(await form.summary.count()).toBe(0);
  });
});

describe("a Spanish browser that chooses Català with the 'Idioma' select", () => {
  it('turns Catalan, keeps the choice, books in Catalan and gets the email in Catalan; ?lang=es wins for one load', async () => {
    const page = await openPage('/');
    await formIn(page, 'es');
    expect(await htmlLang(page)).toBe('es');
    expect(await storedLanguage(page)).toBeNull();

    await languageSwitcher(page, 'es').selectOption({ label: languageNames.ca });
    let form = await formIn(page, 'ca');
    expect(await htmlLang(page)).toBe('ca');
    await page.getByRole('heading', { name: ca.landing.welcomeHeading, level: 1, exact: true }).waitFor();
    await page.getByText(caEmails.templates.welcomeMessage, { exact: true }).waitFor();
    // The switcher is now named in Catalan ('Llengua') and shows the choice, which the browser keeps.
    expect(await languageSwitcher(page, 'ca').inputValue()).toBe('ca');
    expect(await storedLanguage(page)).toBe('ca');
    expect(await page.getByText(es.reservation.form.title, { exact: true }).count()).toBe(0);

    // Reloaded (the server only knows the browser's Spanish): still Catalan.
    await page.reload();
    form = await formIn(page, 'ca');
    expect(await htmlLang(page)).toBe('ca');
    expect(await languageSwitcher(page, 'ca').inputValue()).toBe('ca');
    expect(await page.getByRole('heading', { name: es.reservation.form.title }).count()).toBe(0);

    // The stored choice also reaches /reservar (server-rendered in Spanish, re-rendered once hydrated) and the 404 page.
    await page.goto(suite.url('/reservar'));
    await hydrated(page);
    await formIn(page, 'ca');
    expect(await htmlLang(page)).toBe('ca');
    expect(await languageSwitcher(page, 'ca').inputValue()).toBe('ca');
    expect((await page.goto(suite.url('/no-hi-ha-res')))?.status()).toBe(404);
    await page.getByText(ca.notFound.title, { exact: true }).waitFor();
    await page.getByRole('link', { name: ca.notFound.back, exact: true }).click();
    form = await formIn(page, 'ca');
    expect(await htmlLang(page)).toBe('ca');

    // A booking in Catalan: the errors first, then the success.
    const v = ca.reservation.validation;
    const email = uniqueEmail('jordi');
    const name = 'Jordi Puig';
    await form.name.fill('J');
    await form.submit.click();
    await expect.poll(() => fieldError(form.name)).toBe(v.nameMin);
    expect(await fieldError(form.email)).toBe(v.emailInvalid);
    expect(await fieldError(form.dateButton)).toBe(v.dateRequired);
    expect(await fieldError(form.consent)).toBe(v.consentRequired);
    await fillBooking(form, { name, email });
    await expect.poll(() => fieldError(form.name)).toBeNull();
    await form.submit.click();
    const success = form.toast(ca.reservation.success.title);
    await success.waitFor();
    expect(await success.textContent()).toContain(ca.reservation.success.description);
    expect(await summaryRows(form)).toEqual([
      `${ca.reservation.form.date}: ${form.longDate(DATE)}`,
      `${ca.reservation.form.time}: ${TIME}`,
      `${ca.reservation.summary.people}: ${form.format(ca.reservation.form.peopleMany, { count: 2 })}`,
      `${ca.reservation.summary.status}: ${ca.reservation.summary.pending}`,
    ]);
    const reservation = await reservationOf(email);
    expect(reservation.language).toBe('ca');

    // The calendar file, in Catalan too.
    const href = await form.summary.getByRole('link', { name: ca.reservation.summary.addToCalendar, exact: true }).getAttribute('href');
    const ics = await (await fetch(suite.url(href!))).text();
    expect(icsProperty(ics, 'SUMMARY')).toBe(form.format(ca.selfService.icsSummary, { restaurant }));
    expect(icsProperty(ics, 'DESCRIPTION')).toBe(form.format(ca.selfService.icsDescription, { people: 2, name }));

    // The welcome email: Catalan subject, lang and words.
    const mail = await deliveredTo(email);
    expect(mail.header('subject')).toBe(`${caEmails.templates.welcomeEmailSubject} · ${restaurant}`);
    expect(mail.html).toContain('<html lang="ca">');
    expect(mail.text).toContain(fillTemplate(caEmails.templates.welcomeEmailMessage, reservation, restaurant, 'ca'));
    expect(mail.text).toMatch(new RegExp(`^${caEmails.manageLabel}: http://localhost:3000/reserva/[\\w-]{43}\\?lang=ca$`, 'm'));
    for (const spanish of [...spanishWelcomeWords, guestEmailTextsEs.templates.welcomeEmailSubject, guestEmailTextsEs.manageLabel]) {
      expect(mail.text).not.toContain(spanish);
    }

    // ?lang=es: Spanish for that load, the stored choice untouched; without it, Catalan again.
    await page.goto(suite.url('/?lang=es'));
    await formIn(page, 'es');
    expect(await htmlLang(page)).toBe('es');
    expect(await languageSwitcher(page, 'es').inputValue()).toBe('es');
    expect(await page.getByText(ca.reservation.form.title, { exact: true }).count()).toBe(0);
    expect(await storedLanguage(page)).toBe('ca');
    await page.goto(suite.url('/'));
    await formIn(page, 'ca');
    expect(await htmlLang(page)).toBe('ca');
  });
});

describe('when nothing chooses one of our languages', () => {
  it('shows Spanish for an unknown ?lang (even in an English browser) and for a Portuguese browser', async () => {
    const unknown = await openPage('/?lang=xx', { locale: 'en-GB' });
    await formIn(unknown, 'es');
    expect(await htmlLang(unknown)).toBe('es');
    expect(await languageSwitcher(unknown, 'es').inputValue()).toBe('es');
    expect(await unknown.getByText(en.reservation.form.title, { exact: true }).count()).toBe(0);

    const portuguese = await openPage('/', { locale: 'pt-BR' });
    await formIn(portuguese, 'es');
    await portuguese.getByRole('heading', { name: es.landing.welcomeHeading, level: 1, exact: true }).waitFor();
    expect(await htmlLang(portuguese)).toBe('es');
    expect(await languageSwitcher(portuguese, 'es').inputValue()).toBe('es');
  });

  it('follows a French browser without any choice', async () => {
    const page = await openPage('/', { locale: 'fr-FR' });
    const form = await formIn(page, 'fr');
    expect(await htmlLang(page)).toBe('fr');
    await page.getByRole('heading', { name: fr.landing.welcomeHeading, level: 1, exact: true }).waitFor();
    expect(await languageSwitcher(page, 'fr').inputValue()).toBe('fr');
    expect(await storedLanguage(page)).toBeNull();
    // The form's own validation speaks French too.
    await form.submit.click();
    await expect.poll(() => fieldError(form.name)).toBe(fr.reservation.validation.nameMin);
    expect(await fieldError(form.consent)).toBe(fr.reservation.validation.consentRequired);
  });
});

describe("the staff's pages", () => {
  it('stay Spanish after the guest page stored English, and in an English browser', async () => {
    const page = await openPage('/');
    await formIn(page, 'es');
    await languageSwitcher(page, 'es').selectOption('en');
    await formIn(page, 'en');
    expect(await storedLanguage(page)).toBe('en');

    const signIn = async (staffPage: Page) => {
      await staffPage.goto(suite.url('/auth'));
      await staffPage.getByRole('button', { name: loginMessages.submit, exact: true }).waitFor();
      expect(await htmlLang(staffPage)).toBe('es');
      expect(await staffPage.getByLabel(loginMessages.email, { exact: true }).count()).toBe(1);
      expect(await staffPage.getByLabel(loginMessages.password, { exact: true }).count()).toBe(1);
      expect(await staffPage.getByRole('combobox').count()).toBe(0);
    };
    await signIn(page);
    expect(await storedLanguage(page)).toBe('en');

    // The form's own check, then the server's refusal: both Spanish, the API asked in Spanish.
    await page.getByRole('button', { name: loginMessages.submit, exact: true }).click();
    await toast(page, loginMessages.required).waitFor();
    await page.getByLabel(loginMessages.email, { exact: true }).fill(suite.adminEmail);
    await page.getByLabel(loginMessages.password, { exact: true }).fill('not-the-password-at-all');
    const login = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: loginMessages.submit, exact: true }).click();
    expect((await login).headers()['accept-language']).toBe('es');
    await toast(page, loginMessages.invalidCredentials).waitFor();

    const english = await openPage('/auth', { locale: 'en-GB' });
    await signIn(english);
  });
});

describe('the switcher from the keyboard', () => {
  it('is reached with Tab and changes the language with the arrow keys', async () => {
    const page = await openPage('/');
    await formIn(page, 'es');
    const switcher = languageSwitcher(page, 'es');

    // From the top of the page, the switcher comes within a few Tabs (it is in the header, before the form).
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    let presses = 0;
    while (!(await isFocused(switcher)) && presses < 5) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await isFocused(switcher)).toBe(true);

    // ArrowDown on the closed select picks the next language: Español → English.
    await page.keyboard.press('ArrowDown');
    await formIn(page, 'en');
    expect(await htmlLang(page)).toBe('en');
    expect(await storedLanguage(page)).toBe('en');
    const english = languageSwitcher(page, 'en');
    expect(await english.inputValue()).toBe('en');
    expect(await isFocused(english)).toBe(true);

    // And back up: Spanish again, still from the keyboard.
    await page.keyboard.press('ArrowUp');
    await formIn(page, 'es');
    expect(await htmlLang(page)).toBe('es');
    expect(await storedLanguage(page)).toBe('es');
    expect(await isFocused(languageSwitcher(page, 'es'))).toBe(true);
  });
});
