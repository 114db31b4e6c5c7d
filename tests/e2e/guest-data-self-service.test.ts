import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { guestDataMessages } from '@shared/guest-messages/guest-data.ts';
import { addDays, dayOfWeek } from '@shared/rules/madrid-time.ts';
import { guestPrivacyMessages } from '@shared/staff-messages/guest-privacy.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { emailOutbox, erasureRequests, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { parseEmail, type ParsedEmail, startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';

// Issue 24, the guest's side: 'Tus datos personales' on the private page, the export and the erasure link as the SMTP
// server receives them, and the /borrar-datos/ page. The real clock: the outbox worker sends what is due by the
// database's own time. Two bookings a week or so ahead, so both are still to come.
const FIRST_DATE = openDayNextWeek();
let SECOND_DATE = addDays(FIRST_DATE, 1);
while (dayOfWeek(SECOND_DATE) === 1) SECOND_DATE = addDays(SECOND_DATE, 1);

const text = guestDataMessages;
const mail = staffEmailMessages.guestData;
const PHONE = { width: 390, height: 844 };
const suite = useBrowserSuite();
const db = () => suite.db();
let peer: SmtpPeer;
let restaurant = '';

beforeAll(async () => {
  peer = await startSmtpPeer();
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

let ip = 0;
/** Four random letters: customer names may not hold digits. */
const letters = () => Array.from({ length: 4 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/** The leaves of a MIME tree (text, html, attachments), each with its headers and decoded body. */
function leaves(raw: string): ParsedEmail[] {
  const normalised = raw.replace(/\r\n/g, '\n');
  const top = parseEmail(normalised);
  const type = top.header('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary || !/^multipart\//i.test(type)) return [top];
  const body = normalised.slice(normalised.indexOf('\n\n') + 2);
  return body.split(`--${boundary}`).slice(1, -1).flatMap((part) => leaves(part.replace(/^\n/, '')));
}

const plainText = (raw: string) => leaves(raw).find((part) => /^text\/plain/i.test(part.header('content-type') ?? ''))?.text ?? '';
const fileName = (part: ParsedEmail) => /filename="?([^";]+)"?/i.exec(part.header('content-disposition') ?? '')?.[1];

/** The messages the SMTP peer received for `address` with this subject. */
const received = (address: string, subject: string) =>
  peer.messages.filter((message) => message.envelopeTo.includes(address) && parseEmail(message.raw).header('subject') === subject);

async function waitForOne(address: string, subject: string) {
  await expect.poll(() => received(address, subject).length, { timeout: 20_000 }).toBe(1);
  return received(address, subject)[0]!;
}

/** A guest with two bookings to come under one email, and the private link of the first as its email delivers it. */
async function guestWithTwoBookings() {
  const person = {
    name: `Irati Borrado ${letters()}`,
    email: `irati-${randomUUID().slice(0, 8)}@example.com`,
    phone: `+34 6${randomInt(10, 99)} ${randomInt(100, 999)} ${randomInt(100, 999)}`,
  };
  const book = async (date: string) => {
    const id = randomUUID();
    const payload = { id, customerName: person.name, customerPhone: person.phone, customerEmail: person.email, numberOfPeople: 2, reservationDate: date, reservationTime: '13:30', privacyConsent: true };
    const response = await suite.app.request({ method: 'POST', url: '/api/public/reservations', payload, remoteAddress: `10.24.9.${++ip}` });
    expect(response.statusCode).toBe(201);
    return id;
  };
  const first = await book(FIRST_DATE);
  await expect.poll(() => peer.messages.filter((message) => message.envelopeTo.includes(person.email)).length, { timeout: 20_000 }).toBe(1);
  const path = /http:\/\/localhost:3000(\/reserva\/[\w-]{43})/.exec(plainText(peer.messages.find((message) => message.envelopeTo.includes(person.email))!.raw))?.[1];
  expect(path).toBeDefined();
  const second = await book(SECOND_DATE);
  return { person, path: path!, ids: [first, second] };
}

async function openPhone(path: string): Promise<Page> {
  const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  expect((await page.goto(suite.url(path)))?.status()).toBe(200);
  return page;
}

const section = (page: Page) => page.getByRole('region', { name: text.title });
const isFocused = (control: Locator) => control.evaluate((element) => element === document.activeElement);
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function expectTouchTarget(button: Locator) {
  const box = (await button.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

describe("'Tus datos personales' on the guest's private page", () => {
  it('emails the export, then the erasure link, whose page erases the guest and cancels both bookings', async () => {
    const { person, path, ids } = await guestWithTwoBookings();
    const page = await openPhone(path);
    const data = section(page);
    await data.getByText(text.intro).waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(PHONE.width);
    const download = data.getByRole('button', { name: text.download });
    const erase = data.getByRole('button', { name: text.erase });
    await expectTouchTarget(download);
    await expectTouchTarget(erase);

    // 'Descargar mis datos': the message on the page, and an email to the booking's address with both files.
    await download.click();
    await data.getByText(text.downloadSentDetail, { exact: false }).waitFor();
    expect(await data.textContent()).toContain(text.downloadSent);
    // The button kept the focus while its request ran.
    expect(await download.evaluate((button) => button === document.activeElement)).toBe(true);
    const exported = await waitForOne(person.email, formatMessage(mail.exportSubject, { restaurant }));
    expect(exported.envelopeTo).toEqual([person.email]);
    const files = Object.fromEntries(leaves(exported.raw).flatMap((part) => (fileName(part) ? [[fileName(part)!, part.text]] : [])));
    expect(Object.keys(files).sort()).toEqual(['mis-datos.html', 'mis-datos.json']);
    const json = JSON.parse(files['mis-datos.json']!) as { guest: { email: string }; reservations: Array<{ id: string }> };
    expect(json.guest.email).toBe(person.email);
    expect(json.reservations.map((booking) => booking.id).sort()).toEqual([...ids].sort());
    expect(files['mis-datos.html']).toContain(person.name);

    // 'Borrar mis datos' asks first: 'Volver' sends nothing.
    let erasurePosts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/data-erasure')) erasurePosts += 1;
    });
    await erase.click();
    const dialog = page.getByRole('dialog', { name: text.eraseTitle });
    await dialog.getByRole('button', { name: text.eraseKeep }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(erasurePosts).toBe(0);
    expect(await db().select().from(erasureRequests).where(inArray(erasureRequests.reservationId, ids))).toHaveLength(0);
    expect(await db().select().from(emailOutbox).where(and(inArray(emailOutbox.reservationId, ids), eq(emailOutbox.kind, 'data_erasure')))).toHaveLength(0);

    await erase.click();
    await dialog.getByRole('button', { name: text.eraseSend }).click();
    await data.getByText(text.eraseSentDetail, { exact: false }).waitFor();
    expect(await data.textContent()).toContain(text.eraseSent);
    expect(erasurePosts).toBe(1);
    // Nothing is erased by asking.
    expect((await db().select().from(reservations).where(eq(reservations.id, ids[0]!)))[0]!.customerName).toBe(person.name);

    // The email's link: the restaurant, what will go, the two bookings to be cancelled.
    const erasureEmail = await waitForOne(person.email, formatMessage(mail.erasureSubject, { restaurant }));
    expect(erasureEmail.envelopeTo).toEqual([person.email]);
    const link = /http:\/\/localhost:3000(\/borrar-datos\/[\w-]{43})/.exec(plainText(erasureEmail.raw))?.[1];
    expect(link).toBeDefined();
    expect((await page.goto(suite.url(link!)))?.status()).toBe(200);
    await page.getByRole('heading', { name: text.confirmTitle, level: 1 }).waitFor();
    await page.getByRole('main').getByText(restaurant, { exact: true }).waitFor();
    await page.getByText(formatMessage(text.confirmIntro, { restaurant })).waitFor();
    await page.getByText(formatMessage(text.upcomingMany, { count: 2 }), { exact: true }).waitFor();
    // The tab names the page and the restaurant, like every guest page.
    await expect.poll(() => page.title()).toBe(`${text.confirmTitle} · ${restaurant}`);
    expect(await fitsPhone(page)).toBeLessThanOrEqual(PHONE.width);
    const confirm = page.getByRole('button', { name: text.confirm });
    await expectTouchTarget(confirm);
    // The scan below sees the guest while the data is there.
    expect(await everyTableAsText(db())).toContain(person.email);
    await confirm.click();
    await page.getByRole('heading', { name: text.erased, level: 1 }).waitFor();
    await page.getByText(text.erasedDetail).waitFor();
    // The result took the focus the removed button had.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');

    // No table holds the guest's email, phone or name; both bookings are cancelled by the guest, under 'Cliente borrado'.
    const everything = await everyTableAsText(db());
    for (const trace of [person.email, person.phone, person.name]) expect(everything).not.toContain(trace);
    const rows = await db().select().from(reservations).where(inArray(reservations.id, ids));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'guest', customerName: guestPrivacyMessages.erasedName, customerEmail: null, customerPhone: null });
    }

    // The link is used up; the private link opens nothing any more.
    await page.reload();
    await page.getByRole('alert').filter({ hasText: text.errors.linkUsed }).waitFor();
    expect(await page.getByRole('button', { name: text.confirm }).count()).toBe(0);
    // The booking's own link says its data was erased (issue 50, item 8), not that it is unknown.
    await page.goto(suite.url(path));
    await page.getByRole('alert').filter({ hasText: messages.common.linkErased }).waitFor();
    expect(await section(page).count()).toBe(0);
  });

  it("reaches 'Borrar mis datos' with Tab, opens the dialog with Enter and gives focus back after Escape", async () => {
    const { path, ids } = await guestWithTwoBookings();
    const page = await openPhone(path);
    const erase = section(page).getByRole('button', { name: text.erase });
    await erase.waitFor();

    let presses = 0;
    while (!(await isFocused(erase)) && presses < 60) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await isFocused(erase)).toBe(true);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text.eraseTitle });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(erase)).toBe(true);
    expect(await db().select().from(erasureRequests).where(inArray(erasureRequests.reservationId, ids))).toHaveLength(0);
  });
});
