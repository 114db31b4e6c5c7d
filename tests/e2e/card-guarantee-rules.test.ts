// 'Garantía con tarjeta' (issue 45, item 1) through the screens: the owner sets the rule in Configuración › Reservas,
// the encargado only reads it, and /reservar shows the policy as soon as the party, date and time need a card,
// before anything is sent, in the guest's language. Tuesday 24 November 2026, 11:00 in Madrid.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { guaranteePolicyValues } from '@shared/i18n/guarantee-policy.ts';
import type { Language } from '@shared/i18n/languages.ts';
import { formatText } from '@shared/i18n/format-text.ts';
import { DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { cardGuaranteeMessages as text } from '@shared/staff-messages/payments.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { paymentSettings, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertStaff } from '../support/factories.ts';
import { bookingFormIn, guestTextsIn } from '../support/guest-language.ts';

const NOW = new Date('2026-11-24T10:00:00Z');
const WEDNESDAY = '2026-11-25';
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  await db().update(restaurantConfig).set({ cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, fromPeople: null } });
  await db().delete(paymentSettings);
});

const storedRules = async () => (await db().select({ rules: restaurantConfig.cardGuarantee }).from(restaurantConfig))[0]!.rules;
const connectStripe = () => db().insert(paymentSettings).values({ secretKeyCiphertext: 'sealed:any-text', livemode: false });

async function openReservations(email?: string): Promise<Page> {
  const page = await suite.openAdmin('/admin?tab=configuracion', email ? { email } : {});
  await page
    .getByRole('tablist', { name: staffMessages.admin.tabs.settings })
    .getByRole('tab', { name: settingsMessages.tabs.reservations, exact: true })
    .click();
  await page.getByRole('group', { name: text.title }).waitFor();
  return page;
}

/** /reservar on a 360 px phone, a party of `people` on Wednesday at 13:30 (nothing sent); answers the policy's region. */
async function chooseBooking(language: Language, people: number) {
  const context = await suite.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  await page.goto(suite.url(language === 'es' ? '/reservar' : `/reservar?lang=${language}`));
  const form = bookingFormIn(page, language);
  await form.submit.waitFor();
  await form.people.selectOption(String(people));
  await form.pickDate(WEDNESDAY);
  await form.time.selectOption('13:30');
  return { page, form };
}

const policy = (language: Language, people: number) => {
  const values = { ...guaranteePolicyValues({ amountPerPersonCents: 2000, freeCancellationHours: 24 }, people, language) };
  const texts = guestTextsIn(language).reservation.guarantee;
  return { title: texts.title, text: formatText(texts.text, values, language) };
};

describe("Configuración › Reservas › 'Garantía con tarjeta'", () => {
  it('the owner turns it on from 6 people; /reservar then shows the policy to a party of 8 before sending, not to 2', async () => {
    const page = await openReservations();
    const fieldset = page.getByRole('group', { name: text.title });
    await fieldset.getByText(text.criteriaHint).waitFor();
    await fieldset.getByText(text.notConnected).waitFor();

    await fieldset.getByRole('switch', { name: text.enabled }).click();
    await toast(page, staffMessages.admin.toasts.settingsSaved).waitFor();
    await fieldset.getByLabel(text.fromPeople, { exact: true }).fill('6');
    await fieldset.getByLabel(text.fromPeople, { exact: true }).press('Enter');
    await expect.poll(async () => (await storedRules()).fromPeople).toBe(6);
    expect(await storedRules()).toMatchObject({ enabled: true, fromPeople: 6, amountPerPersonCents: 2000 });

    // Nothing is asked of guests until Stripe is connected in 'Pagos'.
    const before = await chooseBooking('es', 8);
    await before.form.time.waitFor();
    expect(await before.page.getByText(policy('es', 8).title, { exact: true }).count()).toBe(0);

    await connectStripe();
    const eight = await chooseBooking('es', 8);
    const notice = eight.page.getByRole('status').filter({ hasText: policy('es', 8).title });
    await notice.waitFor();
    expect(await notice.textContent()).toBe(`${policy('es', 8).title}${policy('es', 8).text}`);
    expect(await notice.textContent()).toContain('(160\u00a0€ en total)');
    // The notice does not change the spec's button; nothing has been sent.
    expect(await eight.form.submit.textContent()).toBe('Solicitar Reserva');
    expect(await db().select().from(reservations)).toEqual([]);
    // Nothing scrolls sideways on a small phone.
    expect(await eight.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Fewer people than the rule's 6: no notice; back to 8, it comes back, and the focus stays where the guest is.
    await eight.form.people.focus();
    await eight.form.people.selectOption('2');
    await notice.waitFor({ state: 'detached' });
    await eight.form.people.selectOption('8');
    await notice.waitFor();
    expect(await eight.page.evaluate(() => document.activeElement?.id)).toBe('booking-people');

    const two = await chooseBooking('es', 2);
    await two.form.time.waitFor();
    expect(await two.page.getByText(policy('es', 2).title, { exact: true }).count()).toBe(0);
  });

  it('shows the policy in English with ?lang=en', async () => {
    await db().update(restaurantConfig).set({ cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: 6 } });
    await connectStripe();
    const { page } = await chooseBooking('en', 8);
    const notice = page.getByRole('status').filter({ hasText: policy('en', 8).title });
    await notice.waitFor();
    expect(await notice.textContent()).toBe(`${policy('en', 8).title}${policy('en', 8).text}`);
    expect(await notice.textContent()).toContain('less than 24 hours before, we may charge €20 per person (€160 in total)');
  });

  it('the encargado sees the rules but cannot change them', async () => {
    await db().update(restaurantConfig).set({ cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: 6 } });
    const email = `manager-${randomUUID().slice(0, 8)}@example.com`;
    await insertStaff(db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['manager'] });
    const page = await openReservations(email);
    const fieldset = page.getByRole('group', { name: text.title });
    await fieldset.getByText(staffMessages.admin.ownerOnly.note).waitFor();
    expect(await fieldset.getByRole('switch', { name: text.enabled }).isDisabled()).toBe(true);
    expect(await fieldset.getByRole('switch', { name: text.enabled }).getAttribute('aria-checked')).toBe('true');
    expect(await fieldset.getByLabel(text.fromPeople, { exact: true }).inputValue()).toBe('6');
    expect(await fieldset.getByLabel(text.fromPeople, { exact: true }).isDisabled()).toBe(true);
    expect(await fieldset.getByRole('button', { name: text.addWindow }).isDisabled()).toBe(true);
  });
});
