import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { waitlistMessages } from '@shared/staff-messages/waitlist.ts';
import { guestMessages, reservations, reservationTables, tables, waitlistEntries } from '../../src/server/db/schema.ts';
import { receiveAnswer } from '../../src/server/modules/messaging/answers.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertTable } from '../support/factories.ts';

// Issue 23 on Reservas: the staff's 'Lista de espera'. Tuesday 24 November 2026, 11:00 in Madrid, frozen; every slot
// of today (13:00-17:30) is ahead.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const text = waitlistMessages;
const walkIn = staffMessages.admin.walkIn;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  await db().delete(waitlistEntries);
  await db().delete(reservationTables);
  await db().delete(reservations);
  await db().delete(tables);
});

/** The dialog, opened from the Reservas toolbar. */
async function openWaitlist(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: text.open }).click();
  const dialog = page.getByRole('dialog', { name: text.title });
  await dialog.waitFor();
  return dialog;
}

/** One party of the list: an article named by the customer. */
const entry = (dialog: Locator, name: string) => dialog.getByRole('article', { name, exact: true });

interface Party {
  name: string;
  people?: string;
  phone?: string;
  email?: string;
  timeFrom: string;
  timeTo?: string;
  quotedWait?: string;
}

/** 'Añadir a la lista', filled and sent; waits for its toast and its entry on the list. */
async function addParty(page: Page, dialog: Locator, party: Party): Promise<Locator> {
  await dialog.getByRole('button', { name: text.add }).click();
  const form = page.getByRole('dialog', { name: text.addTitle });
  await form.getByLabel(text.name, { exact: true }).fill(party.name);
  if (party.phone) await form.getByLabel(text.phone, { exact: true }).fill(party.phone);
  if (party.email) await form.getByLabel(text.email, { exact: true }).fill(party.email);
  await form.getByLabel(text.people, { exact: true }).selectOption(party.people ?? '2');
  await form.getByLabel(text.timeFrom, { exact: true }).selectOption(party.timeFrom);
  if (party.timeTo) await form.getByLabel(text.timeTo, { exact: true }).selectOption(party.timeTo);
  if (party.quotedWait) await form.getByLabel(text.quotedWait, { exact: true }).fill(party.quotedWait);
  await form.getByRole('button', { name: text.add }).click();
  await toast(page, text.added).waitFor();
  await form.waitFor({ state: 'detached' });
  const added = entry(dialog, party.name);
  await added.waitFor();
  return added;
}

describe("staff's 'Lista de espera'", () => {
  it('adds a party, shows its wait, books it onto Reservas, and takes another off after asking', async () => {
    const page = await suite.openAdmin('/admin');
    // The dialog is a chunk of its own, loaded as the pointer reaches its button.
    const chunk = page.waitForRequest((request) => /\/assets\/waitlist-dialog-[\w-]+\.js$/.test(request.url()));
    await page.getByRole('button', { name: text.open }).hover();
    await chunk;
    const dialog = await openWaitlist(page);
    await dialog.getByText(text.empty).waitFor();
    expect(await dialog.getByLabel(text.date, { exact: true }).inputValue()).toBe(TODAY);

    // The form checks its fields before sending: a name and a first time.
    await dialog.getByRole('button', { name: text.add }).click();
    const form = page.getByRole('dialog', { name: text.addTitle });
    await form.getByRole('button', { name: text.add }).click();
    await form.getByText(text.timeRequired).waitFor();
    expect(await form.getByLabel(text.timeFrom, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel(text.name, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel(text.timeFrom, { exact: true }).selectOption('14:00');
    await form.getByLabel(text.timeTo, { exact: true }).selectOption('13:00');
    await form.getByLabel(text.name, { exact: true }).fill('Rango Al Revés');
    await form.getByLabel(text.phone, { exact: true }).fill('600 999 888');
    await form.getByRole('button', { name: text.add }).click();
    await form.getByText(text.rangeReversed).waitFor();
    await form.getByRole('button', { name: messages.common.cancel }).click();
    await form.waitFor({ state: 'detached' });

    // The party came in twelve minutes ago (the server's clock then), and was told twenty.
    suite.clock!.set(new Date(NOW.getTime() - 12 * 60_000));
    const marta = await addParty(page, dialog, {
      name: 'Marta Espera',
      people: '3',
      phone: '+34 600 123 456',
      email: 'marta.espera@example.com',
      timeFrom: '13:00',
      timeTo: '14:00',
      quotedWait: '20',
    });
    suite.clock!.set(NOW);
    // 13:00 has room: the place is offered to her at once by email, and held for her.
    await marta.getByText(text.statuses.offered, { exact: true }).waitFor();
    const offer = formatMessage(text.offered, { time: '13:00', at: '10:48', until: '11:03' });
    await marta.getByText(`${offer} · ${text.offerStatuses.open}`, { exact: true }).waitFor();
    await marta.getByText(text.sourceStaff, { exact: true }).waitFor();
    await marta.getByText(formatMessage(text.range, { from: '13:00', to: '14:00' }), { exact: true }).waitFor();
    await marta.getByText('3 personas', { exact: true }).waitFor();
    await marta.getByText('+34 600 123 456', { exact: true }).waitFor();
    await marta.getByText('marta.espera@example.com', { exact: true }).waitFor();
    await marta.getByText(`${formatMessage(text.waited, { minutes: 12 })} · ${formatMessage(text.quoted, { minutes: 20 })}`).waitFor();

    // 'Reservar' starts on the time held for her; the host books another of her range instead: a confirmed booking
    // of today, on the Reservas list.
    const bookAt = marta.getByLabel(staffMessages.admin.manualReservation.time, { exact: true });
    expect(await bookAt.inputValue()).toBe('13:00');
    expect(await bookAt.locator('option').allTextContents()).toEqual(['13:00', '13:30', '14:00']);
    await bookAt.selectOption('13:30');
    await marta.getByRole('button', { name: text.book }).click();
    await toast(page, text.booked).waitFor();
    await marta.getByText(text.statuses.booked, { exact: true }).waitFor();
    expect(await marta.getByRole('button', { name: text.book }).count()).toBe(0);
    const [booking] = await db().select().from(reservations).where(eq(reservations.customerName, 'Marta Espera'));
    expect(booking).toMatchObject({ status: 'confirmed', reservationDate: TODAY, reservationTime: '13:30', numberOfPeople: 3 });
    const [bookedEntry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.customerName, 'Marta Espera'));
    expect(bookedEntry).toMatchObject({ status: 'booked', reservationId: booking!.id });

    // Another party, without an email (so never offered a place by one), taken off the list only once the host says so.
    const pablo = await addParty(page, dialog, { name: 'Pablo Quita', phone: '611 222 333', timeFrom: '15:00' });
    await pablo.getByText('15:00', { exact: true }).waitFor();
    await pablo.getByText(text.statuses.waiting, { exact: true }).waitFor();
    await pablo.getByText(formatMessage(text.waited, { minutes: 0 }), { exact: true }).waitFor();
    await pablo.getByRole('button', { name: text.remove }).click();
    const confirm = page.getByRole('dialog', { name: text.removeTitle });
    await confirm.getByText(formatMessage(text.removeDescription, { name: 'Pablo Quita' })).waitFor();
    await confirm.getByRole('button', { name: messages.common.cancel }).click();
    await confirm.waitFor({ state: 'detached' });
    await pablo.getByText(text.statuses.waiting, { exact: true }).waitFor();
    await pablo.getByRole('button', { name: text.remove }).click();
    await confirm.getByRole('button', { name: text.remove }).click();
    await toast(page, text.removed).waitFor();
    await pablo.getByText(text.statuses.removed, { exact: true }).waitFor();
    expect(await pablo.getByRole('button').count()).toBe(0);
    const [removed] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.customerName, 'Pablo Quita'));
    expect(removed?.status).toBe('removed');

    // Closed, the dialog leaves the day's list with the booking it made.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Marta Espera', exact: true }).waitFor();
  });

  it("seats today's parties from a 360 px phone, at the free table or, with none, without one", async () => {
    await insertTable(db(), { tableNumber: 1, seats: 2, name: 'Mesa 1', positionX: 100, positionY: 100 });
    const page = await suite.openAdmin('/admin', PHONE);
    const dialog = await openWaitlist(page);
    await dialog.getByText(text.empty).waitFor();

    const pair = await addParty(page, dialog, { name: 'Pareja Puerta', phone: '622 333 444', timeFrom: '13:00' });
    const group = await addParty(page, dialog, { name: 'Grupo Grande', phone: '633 444 555', people: '5', timeFrom: '13:00' });

    // Nothing wider than the phone, and every control of an entry a finger's size.
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    expect((await group.boundingBox())!.x + (await group.boundingBox())!.width).toBeLessThanOrEqual(360);
    for (const control of await pair.locator('button, select').all()) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }

    await pair.getByRole('button', { name: text.seat }).tap();
    const seatedToast = toast(page, formatMessage(walkIn.seatedAt, { tables: 'Mesa 1' }));
    await seatedToast.waitFor();
    expect(await seatedToast.textContent()).toContain(text.seated);
    await pair.getByText(text.statuses.seated, { exact: true }).waitFor();

    // No table fits five: the host may seat them without one.
    await group.getByRole('button', { name: text.seat }).tap();
    await group.getByRole('alert').getByText(formatMessage(walkIn.noTable, { count: 5 })).waitFor();
    await group.getByRole('button', { name: walkIn.seatWithoutTable }).tap();
    await toast(page, walkIn.seatedWithoutTable).waitFor();
    await group.getByText(text.statuses.seated, { exact: true }).waitFor();

    const seated = await db().select().from(reservations);
    expect(seated.map((row) => [row.customerName, row.arrivalStatus]).sort()).toEqual([
      ['Grupo Grande', 'arrived'],
      ['Pareja Puerta', 'arrived'],
    ]);

    // Another date's party is booked, never seated now.
    await dialog.getByLabel(text.date, { exact: true }).fill('2026-11-25');
    await dialog.getByText(text.empty).waitFor();
    const tomorrow = await addParty(page, dialog, { name: 'Mañana Viene', phone: '644 555 666', timeFrom: '14:00' });
    await tomorrow.getByRole('button', { name: text.book }).waitFor();
    expect(await tomorrow.getByRole('button', { name: text.seat }).count()).toBe(0);
  });

  it("shows at once what a party wrote back to its offer by WhatsApp", async () => {
    const phone = '+34655000111';
    const [party] = await db()
      .insert(waitlistEntries)
      .values({ customerName: 'Familia Respuesta', customerPhone: '655 000 111', customerPhoneE164: phone, messagingChannel: 'whatsapp', numberOfPeople: 4, reservationDate: TODAY, timeFrom: '14:00', source: 'guest', status: 'offered' })
      .returning();
    await db().insert(guestMessages).values({
      direction: 'out',
      channel: 'whatsapp',
      kind: 'waitlist_offer',
      waitlistEntryId: party!.id,
      phoneE164: phone,
      body: 'Se ha liberado una mesa a las 14:00.',
      providerMessageId: 'wamid.oferta-e2e',
      status: 'delivered',
      sentAt: NOW,
    });
    const page = await suite.openAdmin('/admin', PHONE);
    const card = entry(await openWaitlist(page), 'Familia Respuesta');
    await card.waitFor();

    const deps = { db: db(), clock: { now: () => new Date(NOW.getTime() + 5 * 60_000) }, publicUrl: new URL('https://mesa.example') };
    const words = 'Somos cuatro, llegamos a las 14:10. ¿Nos la guardáis?';
    await receiveAnswer(deps, { channel: 'whatsapp', providerMessageId: 'wamid.respuesta-e2e', from: phone, reply: { kind: 'text', text: words }, text: words, inReplyTo: 'wamid.oferta-e2e' });

    await card.getByText(words).waitFor();
    await card.getByText(formatMessage(text.guestMessage, { channel: 'WhatsApp', at: '11:05' })).waitFor();
    expect(await card.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  });
});
