import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { pickDate } from '../support/guest-form.ts';

// Tuesday 24 November 2026, 11:00 in Madrid; the booking is today at 15:00, so it shows in the staff's Hoy view.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';

const text = selfServiceMessages;
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

/** Books through the public API, as the form does, and returns the link of the guest's email as delivered. */
async function bookAndGetLink(time: string) {
  const id = randomUUID();
  const customerEmail = `guest-${id.slice(0, 8)}@example.com`;
  const response = await suite.app.request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: `10.3.0.${Number.parseInt(id.slice(0, 2), 16)}`,
    payload: {
      id,
      customerName: 'Lucía Cliente',
      customerPhone: '+34 600 123 456',
      customerEmail,
      numberOfPeople: 3,
      reservationDate: TODAY,
      reservationTime: time,
      privacyConsent: true,
    },
  });
  expect(response.statusCode).toBe(201);
  const [email] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.reservationId, id), eq(emailOutbox.toAddress, customerEmail)));
  const link = (await deliveredEmail(db(), email!)).text.match(/http:\/\/localhost:3000(\/reserva\/[\w-]{43})/)![1]!;
  return { id, path: link };
}

async function openGuestPage(path: string): Promise<Page> {
  const context = await suite.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  const response = await page.goto(suite.url(path));
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
  return page;
}

const row = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;

describe('the guest page behind the email link', () => {
  it('shows the booking, changes nothing when opened, and cancels through the dialog', async () => {
    const { id, path } = await bookAndGetLink('15:00');
    const before = await row(id);
    const page = await openGuestPage(path);

    await expect.poll(() => page.getByTestId('guest-status').textContent()).toBe('Pendiente');
    await page.getByText('martes, 24 de noviembre de 2026', { exact: true }).waitFor();
    await page.getByText('15:00', { exact: true }).waitFor();
    const calendar = page.getByRole('link', { name: text.calendar });
    expect(await calendar.getAttribute('href')).toBe(`/api/public/guest-reservations/${path.split('/').pop()}/calendar.ics`);
    await page.getByText('Puedes cancelarla hasta el martes, 24 de noviembre de 2026 a las 13:00.').waitFor();
    // No horizontal scrolling at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await row(id)).toEqual(before);

    await page.getByRole('button', { name: text.cancel }).click();
    const dialog = page.getByRole('dialog', { name: text.cancelTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: text.cancelConfirm }).click();
    await toast(page, text.cancelled).waitFor();
    await expect.poll(() => page.getByTestId('guest-status').textContent()).toBe(text.cancelledByGuest);
    await expect.poll(async () => (await row(id)).cancelledBy).toBe('guest');
    expect((await row(id)).status).toBe('cancelled');
    expect(await page.getByRole('button', { name: text.cancel }).count()).toBe(0);

    // Staff read who cancelled it.
    const admin = await suite.openAdmin('/admin');
    await admin.getByText(staffMessages.admin.today.cancelledByGuest).first().waitFor();
  });

  it('explains, with the button disabled, when the deadline has passed', async () => {
    const { path } = await bookAndGetLink('13:00'); // the limit was 11:00, now
    const page = await openGuestPage(path);
    await page.getByText('El plazo para cancelar en línea terminó el martes, 24 de noviembre de 2026 a las 11:00.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: text.cancel }).isDisabled()).toBe(true);
  });

  it('asks for another time with the public slots, as a new pending request', async () => {
    const { id, path } = await bookAndGetLink('16:00');
    const page = await openGuestPage(path);
    await pickDate(page, '2026-11-25');
    const time = page.getByLabel(messages.reservation.form.time, { exact: true });
    await expect.poll(() => time.isEnabled()).toBe(true);
    await time.selectOption('14:30');
    await page.getByRole('button', { name: text.changeSubmit }).click();
    await toast(page, text.changeSent).waitFor();
    await expect
      .poll(async () => (await db().select().from(reservations).where(eq(reservations.previousReservationId, id))).length)
      .toBe(1);
    const [request] = await db().select().from(reservations).where(eq(reservations.previousReservationId, id));
    expect(request).toMatchObject({ status: 'pending', reservationDate: '2026-11-25', reservationTime: '14:30', numberOfPeople: 3 });
  });

  it('answers an unknown link with a Spanish message', async () => {
    const page = await openGuestPage(`/reserva/${Buffer.alloc(32, 1).toString('base64url')}`);
    suite.ignoreErrors(/404/);
    await page.getByText(text.notFound).waitFor();
  });
});
