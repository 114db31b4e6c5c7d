import { formatMessage, messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { staffReservationMessages } from '@shared/staff-messages/reservations.ts';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, expect, describe, it } from 'vitest';
import { reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { hydrated, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { uniqueEmail } from '../support/factories.ts';
import { consentBox, fillGuest, openGuestForm, pickDate } from '../support/guest-form.ts';
import { parseEmail, startSmtpPeer } from '../support/smtp-peer.ts';

// Issue 41, item 5 (decision 032): a guest books, opens 'Gestionar mi reserva' in the same tab, goes Back and books
// the same again: refused, with a link to the summary this tab holds. From a fresh browser: 'Te hemos enviado el
// enlace…', and the email really arrives with a link that opens the booking. Staff get 'Guardar igualmente'.
const PHONE = { width: 390, height: 844 };
const DATE = openDayNextWeek();
const form = messages.reservation.form;
const errors = messages.reservation.errors;
const peer = await startSmtpPeer();
const suite = useBrowserSuite({ env: { SMTP_URL: peer.url } });
const db = () => suite.db();
afterAll(() => peer.close());

async function book(page: Page, email: string, time: string): Promise<void> {
  await fillGuest(page, email);
  await page.getByLabel(form.people, { exact: true }).selectOption('2');
  await pickDate(page, DATE);
  await page.getByLabel(form.time, { exact: true }).selectOption(time);
  await consentBox(page).check();
  await page.getByRole('button', { name: form.submit }).click();
}

const refusalOf = (page: Page) => page.getByRole('alert').filter({ hasText: formatMessage(errors.duplicate, { time: '13:30' }) });

describe('the same stay booked twice, on a 390 px phone', () => {
  it('is refused with a link to the summary this tab holds, and from another browser the link goes by email', async () => {
    await db().update(restaurantConfig).set({ reservationDurationMinutes: 90 });
    const email = uniqueEmail('doble');
    const page = await openGuestForm(suite, PHONE);
    await book(page, email, '13:30');
    const manage = page.getByRole('link', { name: messages.reservation.summary.manage });
    await manage.waitFor();
    const managePath = await manage.getAttribute('href');

    // 'Gestionar mi reserva' in the same tab, then Back: the form is empty again; the guest books the same.
    await manage.click();
    await page.waitForURL(/\/reserva\//);
    await page.goBack();
    await hydrated(page);
    expect(await page.getByLabel(form.email, { exact: true }).inputValue()).toBe('');
    await book(page, email, '14:00');
    const refusal = refusalOf(page);
    await refusal.waitFor();
    expect(await refusal.getByRole('link', { name: messages.reservation.summary.manage }).getAttribute('href')).toBe(managePath);
    // The form keeps what the guest typed; one booking only.
    expect(await page.getByLabel(form.email, { exact: true }).inputValue()).toBe(email);
    expect(await db().select().from(reservations).where(eq(reservations.customerEmail, email))).toHaveLength(1);

    // A fresh browser holds no summary: the page says the link went by email, and it did (rate-limited, so the
    // one sent for the refusal above is the one that arrives).
    const fresh = await openGuestForm(suite, PHONE);
    await book(fresh, email, '13:30');
    const sent = refusalOf(fresh);
    await sent.waitFor();
    await sent.getByText(errors.duplicateLinkSent).waitFor();
    expect(await sent.getByRole('link').count()).toBe(0);
    const subject = formatMessage(staffEmailMessages.linkResentSubject, { restaurant: (await db().select().from(restaurantConfig))[0]!.name });
    const received = () => peer.messages.filter((message) => message.envelopeTo.includes(email) && parseEmail(message.raw).header('subject') === subject);
    await expect.poll(() => received().length, { timeout: 20_000 }).toBe(1);
    const link = /https?:\/\/[^\s"<>]+\/reserva\/[\w-]{43}[^\s"<>]*/.exec(received()[0]!.raw.replace(/=\r?\n/g, ''))![0];
    await fresh.goto(suite.url(new URL(link).pathname));
    await fresh.getByText('13:30').first().waitFor();
  });
});

describe('staff booking the same guest again', () => {
  it('warn with the existing time and save with “Guardar igualmente”', async () => {
    const email = uniqueEmail('sala');
    const phoneNumber = '+34 633 444 555';
    const first = await suite.app.request({
      method: 'POST',
      url: '/api/admin/reservations',
      cookie: await suite.app.signIn(),
      payload: { customerName: 'Rocío Vega', customerPhone: phoneNumber, customerEmail: email, numberOfPeople: 2, reservationDate: DATE, reservationTime: '13:30' },
    });
    expect(first.statusCode).toBe(201);
    const admin = staffMessages.admin;
    const staff = await suite.openAdmin('/admin', { viewport: PHONE });
    await staff.getByRole('button', { name: admin.today.addManual }).click();
    const dialog = staff.getByRole('dialog', { name: admin.manualReservation.title });
    await dialog.waitFor();
    await dialog.getByLabel(admin.manualReservation.name, { exact: true }).fill('Rocío Vega');
    await dialog.getByLabel(admin.manualReservation.phone, { exact: true }).fill(phoneNumber);
    await dialog.getByLabel(admin.manualReservation.date, { exact: true }).fill(DATE);
    await dialog.getByLabel(admin.manualReservation.time, { exact: true }).selectOption('14:00');
    await dialog.getByRole('button', { name: admin.manualReservation.submit }).click();
    const warning = dialog.getByRole('alert').filter({ hasText: formatMessage(staffReservationMessages.duplicateWarning, { time: '13:30' }) });
    await warning.waitFor();
    expect(await db().select().from(reservations).where(eq(reservations.customerPhone, phoneNumber))).toHaveLength(1);
    await warning.getByRole('button', { name: admin.manualReservation.saveAnyway }).click();
    await toast(staff, admin.toasts.reservationCreated).waitFor();
    expect(await db().select().from(reservations).where(eq(reservations.customerPhone, phoneNumber))).toHaveLength(2);
  });
});
