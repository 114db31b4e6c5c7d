import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { historyMessages } from '@shared/staff-messages/history.ts';
import { statisticsMessages } from '@shared/staff-messages/statistics.ts';
import { dailyReservationPauses, dateExceptions, emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { freshAddress } from '../support/bookings.ts';
import { pickDate } from '../support/guest-form.ts';

// A service day seen by the staff on /admin (spec points 2 and 4). The server's "now" is frozen and every browser
// reads the same instant: Tuesday 24 November 2026, 11:00 in Madrid, so every slot of today (13:00-17:30) is ahead.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25'; // a Wednesday
const BLOCK_DATE = '2026-12-09'; // a Wednesday

const admin = staffMessages.admin;
const form = messages.reservation.form;
const validation = messages.reservation.validation;
const WAIT = BROWSER_WAIT_MS;
/** Live changes reach the panel well before its 30 s poll of today's list. */
const LIVE_WAIT = 10_000;

// TRUST_PROXY: the bookings made through the API each come from a guest address of their own (decision 027).
const suite = useBrowserSuite({ now: NOW, env: { TRUST_PROXY: 'true' } });
const db = () => suite.db();
const url = (path: string) => suite.url(path);
const unique = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}`;
/** Four random letters: customer names may not hold digits. */
const letters = () =>
  Array.from(randomUUID().replace(/-/g, '').slice(0, 4), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('');

const card = (p: Page | Locator, name: string) => p.getByRole('article', { name });

/** The staff on a desktop screen, signed in through the /auth form once and then by the stored session. */
async function openPanel(): Promise<Page> {
  const page = await suite.openAdmin('/admin');
  await page.getByRole('button', { name: admin.today.addManual }).waitFor();
  return page;
}

/** The pending-count badge of the toolbar; 0 when it is not shown. */
async function pendingBadge(p: Page): Promise<number> {
  const label = p.getByText(/^\d+ reservas pendientes$/);
  if ((await label.count()) === 0) return 0;
  return Number((await label.textContent())!.split(' ')[0]);
}

/** The text of the '…-error' element a control's aria-describedby names; null when there is none. */
async function fieldError(control: Locator): Promise<string | null> {
  const errorId = (await control.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) return null;
  return control.page().locator(`[id="${errorId}"]`).textContent();
}

/** A pending public reservation (today unless told), made straight through the API. */
async function bookThroughApi(name: string, time: string, date: string = TODAY): Promise<string> {
  const id = randomUUID();
  const response = await fetch(url('/api/public/reservations'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: suite.app.instance.url, 'x-forwarded-for': freshAddress() },
    body: JSON.stringify({
      id,
      customerName: name,
      customerPhone: '+34 600 111 222',
      customerEmail: `${unique('guest')}@example.com`,
      numberOfPeople: 2,
      reservationDate: date,
      reservationTime: time,
      privacyConsent: true,
    }),
  });
  expect(response.status).toBeLessThan(300);
  return id;
}

describe('the Today tab (Reservas) during service', () => {
  it('shows a guest booking live, and confirming it emails the guest', async () => {
    const staff = await openPanel();
    await staff.getByText(admin.today.empty).or(staff.getByRole('list', { name: admin.today.listLabel })).first().waitFor();
    const before = await pendingBadge(staff);

    // The guest books on the public page, in a browser of their own.
    const guestContext = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const guest = suite.watch(await guestContext.newPage());
    await guest.goto(url('/'));
    const name = `Lucía Fernández ${letters()}`;
    const email = `${unique('guest')}@example.com`;
    await guest.getByLabel(form.name, { exact: true }).fill(name);
    await guest.getByLabel(form.phone, { exact: true }).fill('+34 611 222 333');
    await guest.getByLabel(form.email, { exact: true }).fill(email);
    await guest.getByLabel(form.people, { exact: true }).selectOption('3');
    await pickDate(guest, TODAY);
    await guest.getByLabel(form.time, { exact: true }).selectOption('13:30');
    await guest.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix} ${form.consentLink}`) }).check();
    const booked = guest.waitForResponse(
      (response) => response.url().endsWith('/api/public/reservations') && response.request().method() === 'POST',
    );
    suite.clock!.advance(5_000); // a person's pace: the form was drawn more than 3 s ago (decision 027)
    await guest.getByRole('button', { name: form.submit }).click();
    const bookingResponse = await booked;
    const bookedAt = Date.now();
    expect(bookingResponse.status()).toBeLessThan(300);

    // Without a reload the staff's list gains the row (well under two seconds), and the badge counts it.
    await staff.getByRole('button', { name, exact: true }).waitFor({ timeout: LIVE_WAIT });
    expect(Date.now() - bookedAt).toBeLessThan(2_000);
    const newCard = await openBooking(staff, name);
    await toast(guest, messages.reservation.success.title).waitFor();
    expect(await newCard.textContent()).toContain('Pendiente');
    expect(await newCard.textContent()).toContain('13:30');
    await expect.poll(() => pendingBadge(staff), { timeout: LIVE_WAIT }).toBe(before + 1);

    await newCard.getByRole('button', { name: admin.actions.confirm }).click();
    const confirmed = toast(staff, admin.toasts.reservationConfirmed);
    await confirmed.waitFor();
    expect((await confirmed.textContent())?.toLowerCase()).toContain('confirmada');
    await newCard.getByText('Confirmada', { exact: true }).waitFor();
    await newCard.getByRole('button', { name: admin.actions.complete }).waitFor();
    await expect.poll(() => pendingBadge(staff), { timeout: LIVE_WAIT }).toBe(before);

    const [row] = await db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(row).toMatchObject({ status: 'confirmed', reservationDate: TODAY, numberOfPeople: 3 });
    await expect
      .poll(
        async () =>
          (
            await db()
              .select()
              .from(emailOutbox)
              .where(and(eq(emailOutbox.reservationId, row!.id), eq(emailOutbox.kind, 'reservation_confirmed')))
          ).map((mail) => mail.toAddress),
        { timeout: WAIT },
      )
      .toEqual([email]);
  });

  it('cancels a pending reservation only with a reason', async () => {
    const name = `Cancelación ${letters()}`;
    const id = await bookThroughApi(name, '15:00');
    const staff = await openPanel();
    const pending = await openBooking(staff, name);

    await pending.getByRole('button', { name: admin.actions.cancel }).click();
    const dialog = staff.getByRole('dialog', { name: admin.cancelReason.title });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: admin.cancelReason.submit }).click();
    await toast(staff, admin.cancelReason.required).waitFor();
    await dialog.getByText(admin.cancelReason.requiredDescription).waitFor();
    const reasonField = dialog.getByLabel(admin.cancelReason.label);
    expect(await reasonField.getAttribute('aria-invalid')).toBe('true');
    expect((await db().select().from(reservations).where(eq(reservations.id, id)))[0]?.status).toBe('pending');

    await reasonField.fill('El cliente llamó para anular');
    await dialog.getByRole('button', { name: admin.cancelReason.submit }).click();
    await toast(staff, admin.toasts.reservationCancelled).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await pending.getByText('Cancelada', { exact: true }).waitFor();
    await pending.getByText(formatMessage(admin.today.cancellationReason, { reason: 'El cliente llamó para anular' })).waitFor();
    // No action is left; only the card's 'Historial de cambios' (issue 19), which every card has.
    expect(await pending.getByRole('button').filter({ hasNotText: admin.changeLog.open }).count()).toBe(0);

    const [row] = await db().select().from(reservations).where(eq(reservations.id, id));
    expect(row).toMatchObject({ status: 'cancelled', cancellationReason: 'El cliente llamó para anular' });
  });

  it('creates a confirmed manual reservation, after showing what is missing', async () => {
    const staff = await openPanel();
    await staff.getByRole('button', { name: admin.today.addManual }).click();
    const dialog = staff.getByRole('dialog', { name: admin.manualReservation.title });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: admin.manualReservation.submit }).click();
    const nameField = dialog.getByLabel(admin.manualReservation.name, { exact: true });
    const fieldOf = (label: string) => dialog.getByLabel(label, { exact: true });
    await expect.poll(() => fieldError(nameField), { timeout: WAIT }).toBe(validation.nameMin);
    expect(await fieldError(fieldOf(admin.manualReservation.phone))).toBe(validation.phoneMin);
    expect(await fieldError(fieldOf(admin.manualReservation.time))).toBe(validation.timeRequired);
    expect(await nameField.getAttribute('aria-invalid')).toBe('true');
    // The date starts on today and the email is optional: neither is in error.
    expect(await fieldOf(admin.manualReservation.date).inputValue()).toBe(TODAY);
    expect(await fieldError(fieldOf(admin.manualReservation.date))).toBeNull();
    expect(await fieldError(fieldOf(admin.manualReservation.email))).toBeNull();

    const name = `Mesa Manual ${letters()}`;
    await nameField.fill(name);
    await dialog.getByLabel(admin.manualReservation.phone, { exact: true }).fill('+34 622 333 444');
    await dialog.getByLabel(admin.manualReservation.people, { exact: true }).selectOption('6');
    await dialog.getByLabel(admin.manualReservation.time, { exact: true }).selectOption('16:00');
    await dialog.getByLabel(admin.manualReservation.notes, { exact: true }).fill('Junto a la ventana');
    await dialog.getByRole('button', { name: admin.manualReservation.submit }).click();
    await toast(staff, admin.toasts.reservationCreated).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const created = await openBooking(staff, name);
    await created.getByText('Confirmada', { exact: true }).waitFor();
    await created.getByText(admin.today.adminNote).waitFor();
    await created.getByText('Junto a la ventana').waitFor();
    const [row] = await db().select().from(reservations).where(eq(reservations.customerName, name));
    expect(row).toMatchObject({ status: 'confirmed', reservationDate: TODAY, numberOfPeople: 6, customerEmail: null });
    expect(row?.reservationTime.slice(0, 5)).toBe('16:00');
  });

  it('lists upcoming days with a count, accepts one and rejects another without a reason', async () => {
    const accepted = `Próxima Aceptada ${letters()}`;
    const rejected = `Próxima Rechazada ${letters()}`;
    const acceptedId = await bookThroughApi(accepted, '13:00', TOMORROW);
    const rejectedId = await bookThroughApi(rejected, '13:30', TOMORROW);
    const staff = await openPanel();
    await staff.getByRole('button', { name: admin.today.upcoming }).click();
    const dialog = staff.getByRole('dialog', { name: admin.upcoming.title });
    await dialog.waitFor();

    const day = dialog.getByRole('region', { name: 'miércoles, 25 de noviembre de 2026' });
    await day.waitFor();
    const acceptedCard = card(day, accepted);
    const rejectedCard = card(day, rejected);
    await acceptedCard.waitFor();
    await rejectedCard.waitFor();
    const rows = await db().select().from(reservations).where(eq(reservations.reservationDate, TOMORROW));
    await day.getByText(formatMessage(admin.upcoming.countPerDay, { count: rows.length }), { exact: true }).waitFor();
    expect(await acceptedCard.textContent()).toContain('Pendiente');
    expect(await acceptedCard.textContent()).toContain('13:00');

    await acceptedCard.getByRole('button', { name: admin.actions.accept }).click();
    const confirmed = toast(staff, admin.toasts.reservationConfirmed);
    await confirmed.waitFor();
    expect((await confirmed.textContent())?.toLowerCase()).toContain('confirmada');
    await acceptedCard.getByText('Confirmada', { exact: true }).waitFor();
    expect((await db().select().from(reservations).where(eq(reservations.id, acceptedId)))[0]?.status).toBe('confirmed');

    await rejectedCard.getByRole('button', { name: admin.actions.reject }).click();
    // Issue 19: one tap asks first, and the guest is told nothing until staff confirm.
    const ask = staff.getByRole('dialog', { name: admin.upcoming.rejectTitle });
    await ask.waitFor();
    expect((await db().select().from(reservations).where(eq(reservations.id, rejectedId)))[0]?.status).toBe('pending');
    await ask.getByRole('button', { name: admin.actions.reject }).click();
    const rejectedToast = toast(staff, admin.toasts.reservationRejected);
    await rejectedToast.waitFor();
    expect((await rejectedToast.textContent())?.toLowerCase()).toContain('rechazada');
    // No reason is asked for.
    expect(await staff.getByRole('dialog', { name: admin.cancelReason.title }).count()).toBe(0);
    await rejectedCard.getByText('Cancelada', { exact: true }).waitFor();
    const [row] = await db().select().from(reservations).where(eq(reservations.id, rejectedId));
    expect(row?.status).toBe('cancelled');
  });

  it('lists pending reservations from today on as Hoy and Mañana, and cancels only with a reason', async () => {
    const todayName = `Pendiente Hoy ${letters()}`;
    const tomorrowName = `Pendiente Mañana ${letters()}`;
    await bookThroughApi(todayName, '16:30');
    const tomorrowId = await bookThroughApi(tomorrowName, '14:00', TOMORROW);
    const staff = await openPanel();
    await staff.getByRole('button', { name: admin.today.pendingAlerts }).click();
    const dialog = staff.getByRole('dialog', { name: admin.pendingAlerts.title });
    await dialog.waitFor();

    const entry = (name: string) => dialog.getByRole('listitem').filter({ has: card(staff, name) });
    const dayLabel = (name: string) => entry(name).locator(':scope > p').first().textContent();
    await entry(todayName).waitFor();
    await entry(tomorrowName).waitFor();
    expect(await dayLabel(todayName)).toBe(messages.common.today);
    expect(await dayLabel(tomorrowName)).toBe(messages.common.tomorrow);
    expect(messages.common.today).toBe('Hoy');
    expect(messages.common.tomorrow).toBe('Mañana');

    await card(dialog, tomorrowName).getByRole('button', { name: admin.actions.cancel }).click();
    const reasonDialog = staff.getByRole('dialog', { name: admin.cancelReason.title });
    await reasonDialog.waitFor();
    await reasonDialog.getByRole('button', { name: admin.cancelReason.submit }).click();
    await toast(staff, admin.cancelReason.required).waitFor();
    expect((await db().select().from(reservations).where(eq(reservations.id, tomorrowId)))[0]?.status).toBe('pending');

    await reasonDialog.getByLabel(admin.cancelReason.label).fill('Sin mesa disponible');
    await reasonDialog.getByRole('button', { name: admin.cancelReason.submit }).click();
    await toast(staff, admin.toasts.reservationCancelled).waitFor();
    await reasonDialog.waitFor({ state: 'detached' });
    // Only pending reservations are listed: the cancelled one leaves, today's stays.
    await entry(tomorrowName).waitFor({ state: 'detached' });
    await entry(todayName).waitFor();
    const [row] = await db().select().from(reservations).where(eq(reservations.id, tomorrowId));
    expect(row).toMatchObject({ status: 'cancelled', cancellationReason: 'Sin mesa disponible' });
  });

  it('pauses today between two times, shows the banner, and resumes', async () => {
    try {
      const staff = await openPanel();
      await staff.getByRole('button', { name: admin.today.pause }).click();
      const dialog = staff.getByRole('dialog', { name: admin.pause.title });
      await dialog.waitFor();

      await dialog.getByRole('button', { name: admin.pause.submit }).click();
      await dialog.getByRole('alert').filter({ hasText: admin.pause.timesRequired }).waitFor();
      const start = dialog.getByLabel(admin.pause.start, { exact: true });
      const end = dialog.getByLabel(admin.pause.end, { exact: true });
      await start.selectOption('15:00');
      await end.selectOption('14:00');
      await dialog.getByRole('button', { name: admin.pause.submit }).click();
      await dialog.getByRole('alert').filter({ hasText: admin.pause.startBeforeEnd }).waitFor();
      expect(await db().select().from(dailyReservationPauses).where(eq(dailyReservationPauses.isActive, true))).toHaveLength(0);

      await start.selectOption('14:00');
      await end.selectOption('15:00');
      await dialog.getByRole('button', { name: admin.pause.submit }).click();
      await toast(staff, admin.toasts.paused).waitFor();
      await dialog.waitFor({ state: 'detached' });
      const banner = staff.getByRole('status').filter({ hasText: 'Reservas pausadas hoy de 14:00 a 15:00' });
      await banner.waitFor();
      // 11:00 lies outside the pause.
      expect(await banner.textContent()).toContain(admin.today.notPausedNow);

      await staff.getByRole('button', { name: admin.today.managePause }).click();
      await dialog.getByText(formatMessage(admin.pause.current, { start: '14:00', end: '15:00' })).waitFor();
      await dialog.getByRole('button', { name: admin.pause.resume }).click();
      await toast(staff, admin.toasts.resumed).waitFor();
      await banner.waitFor({ state: 'detached' });
      await staff.getByRole('button', { name: admin.today.pause }).waitFor();
      const rows = await db().select().from(dailyReservationPauses).where(eq(dailyReservationPauses.pauseDate, TODAY));
      expect(rows.map((row) => row.isActive)).toEqual([false]);
    } finally {
      await db().delete(dailyReservationPauses).where(eq(dailyReservationPauses.pauseDate, TODAY));
    }
  });

  it('blocks a day after a confirmation, lists it, and unblocks it', async () => {
    const reason = `Evento ${letters()}`;
    try {
      const staff = await openPanel();
      await staff.getByRole('button', { name: admin.today.blockDay }).click();
      const dialog = staff.getByRole('dialog', { name: admin.blockDay.title });
      await dialog.waitFor();
      await dialog.getByText(admin.blockDay.empty).waitFor();
      const submit = dialog.getByRole('button', { name: admin.blockDay.submit });
      expect(await submit.isDisabled()).toBe(true);

      await dialog.getByLabel(admin.blockDay.date, { exact: true }).fill(BLOCK_DATE);
      await dialog.getByLabel(admin.blockDay.reason, { exact: true }).fill(reason);
      await submit.click();
      const confirm = staff.getByRole('dialog', { name: admin.blockDay.confirmTitle });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('miércoles, 9 de diciembre de 2026');
      // Nothing is written before the confirmation.
      expect(await db().select().from(dateExceptions).where(eq(dateExceptions.exceptionDate, BLOCK_DATE))).toHaveLength(0);
      await confirm.getByRole('button', { name: admin.blockDay.confirm }).click();
      await toast(staff, admin.toasts.dayBlocked).waitFor();
      await confirm.waitFor({ state: 'detached' });

      const row = dialog.getByRole('listitem').filter({ hasText: reason });
      await row.waitFor();
      expect(await row.textContent()).toContain('miércoles, 9 de diciembre de 2026');
      const [stored] = await db().select().from(dateExceptions).where(eq(dateExceptions.exceptionDate, BLOCK_DATE));
      expect(stored).toMatchObject({ isClosed: true, reason });

      await row.getByRole('button', { name: admin.actions.unblock }).click();
      await toast(staff, admin.toasts.dayUnblocked).waitFor();
      await row.waitFor({ state: 'detached' });
      await dialog.getByText(admin.blockDay.empty).waitFor();
      expect(await db().select().from(dateExceptions).where(eq(dateExceptions.exceptionDate, BLOCK_DATE))).toHaveLength(0);
    } finally {
      await db().delete(dateExceptions).where(eq(dateExceptions.exceptionDate, BLOCK_DATE));
    }
  });
});

describe('the History tab (Historial)', () => {
  it('searches by name, clears the filters, and says when nothing matches', async () => {
    const name = `Historia Zubizarreta ${letters()}`;
    await bookThroughApi(name, '17:00');
    await bookThroughApi(`Otro Cliente ${letters()}`, '17:30');
    const staff = await openPanel();
    await staff.getByRole('tab', { name: admin.tabs.history }).click();
    const search = staff.getByLabel(historyMessages.search, { exact: true });
    await search.waitFor();
    const status = staff.getByRole('region', { name: historyMessages.results }).getByRole('status');
    await status.waitFor();
    const countOf = async () => Number((await status.textContent())?.match(/^\d+/)?.[0] ?? NaN);
    await expect.poll(countOf, { timeout: WAIT }).toBeGreaterThanOrEqual(2);
    const total = await countOf();
    const clear = staff.getByRole('button', { name: historyMessages.clearFilters });
    expect(await clear.isDisabled()).toBe(true);

    await search.fill(name.split(' ').slice(1).join(' '));
    await expect.poll(() => status.textContent(), { timeout: WAIT }).toBe(historyMessages.foundOne);
    await card(staff, name).waitFor();
    expect(await staff.getByRole('article').count()).toBe(1);

    // The filters survive a look at Estadísticas and at another tab.
    const sections = staff.getByRole('tablist', { name: admin.tabs.history });
    await sections.getByRole('tab', { name: statisticsMessages.sections.statistics }).click();
    await sections.getByRole('tab', { name: statisticsMessages.sections.list }).click();
    const panelTabs = staff.getByRole('tablist', { name: admin.header.sections });
    await panelTabs.getByRole('tab', { name: admin.tabs.today }).click();
    await panelTabs.getByRole('tab', { name: admin.tabs.history }).click();
    await search.waitFor();
    expect(await search.inputValue()).toBe(name.split(' ').slice(1).join(' '));
    await expect.poll(() => status.textContent(), { timeout: WAIT }).toBe(historyMessages.foundOne);

    await clear.click();
    expect(await search.inputValue()).toBe('');
    await expect.poll(countOf, { timeout: WAIT }).toBe(total);
    expect(await clear.isDisabled()).toBe(true);

    await search.fill('xqzwv-nadie-se-llama-asi');
    await staff.getByText(historyMessages.empty, { exact: true }).waitFor();
    expect(await status.textContent()).toBe(formatMessage(historyMessages.found, { count: 0 }));
    expect(await staff.getByRole('article').count()).toBe(0);
  });
});
