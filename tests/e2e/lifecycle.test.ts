import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { changeLogMessages } from '@shared/staff-messages/change-log.ts';
import { dateExceptions, emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';

// Issue 19: what staff may do to a booking once it is confirmed, on the Reservas tab. Tuesday 24 November 2026,
// 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const admin = staffMessages.admin;

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
/** Four random letters: customer names may not hold digits. */
const letters = () => Array.from(randomUUID().slice(0, 4), (c) => String.fromCharCode(97 + (c.charCodeAt(0) % 26))).join('');

async function openToday(): Promise<Page> {
  const page = await suite.openAdmin('/admin');
  await page.getByRole('button', { name: admin.today.addManual }).waitFor();
  return page;
}

it('cancels a confirmed booking from its card with a reason, and the guest is emailed why', async () => {
  const name = `Confirmada Cancelable ${letters()}`;
  const email = uniqueEmail();
  const row = await insertReservation(db(), { customerName: name, customerEmail: email, reservationDate: TODAY, reservationTime: '14:00', status: 'confirmed' });
  const page = await openToday();
  const card = await openBooking(page, name);
  await card.getByRole('button', { name: admin.actions.cancel }).click();

  const dialog = page.getByRole('dialog', { name: admin.cancelReason.title });
  await dialog.getByLabel(admin.cancelReason.label).fill('Cierre por avería');
  await dialog.getByRole('button', { name: admin.cancelReason.submit }).click();
  await toast(page, admin.toasts.reservationCancelled).waitFor();
  await card.getByText('Cancelada', { exact: true }).waitFor();

  const [stored] = await db().select().from(reservations).where(eq(reservations.id, row.id));
  expect(stored).toMatchObject({ status: 'cancelled', cancelledBy: 'staff', cancellationReason: 'Cierre por avería' });
  const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, row.id));
  expect(emails.map((mail) => [mail.kind, mail.toAddress])).toEqual([['reservation_cancelled', email]]);
  expect(emails[0]!.textBody).toContain('Motivo: Cierre por avería');
});

it("offers no 'Completar' once a booking is marked 'No vino', and still lets staff cancel it", async () => {
  const name = `Sin Presentarse ${letters()}`;
  await insertReservation(db(), { customerName: name, reservationDate: TODAY, reservationTime: '13:00', status: 'confirmed' });
  const page = await openToday();
  const card = await openBooking(page, name);
  await card.getByRole('button', { name: admin.actions.complete }).waitFor();
  await card.getByRole('button', { name: admin.actions.noShow }).click();
  await toast(page, admin.toasts.arrivalUpdated).waitFor();
  await expect.poll(() => card.getByRole('button', { name: admin.actions.complete }).count()).toBe(0);
  expect(await card.getByRole('button', { name: admin.actions.cancel }).count()).toBe(1);
});

it('shows a banner for every reason today takes no bookings, as soon as staff turn one on', async () => {
  const page = await openToday();
  const call = async (method: 'PATCH' | 'POST' | 'DELETE', path: string, data?: object) => {
    const response = await page.request.fetch(suite.url(`/api/admin${path}`), { method, data, headers: { origin: suite.app.instance.url } });
    expect(response.status()).toBeLessThan(300);
  };
  const banner = (text: string) => page.getByRole('status').filter({ hasText: text });
  expect(await banner(admin.today.closures.paused_all).count()).toBe(0);
  try {
    await call('PATCH', '/settings', { reservationsPaused: true });
    await banner(admin.today.closures.paused_all).waitFor();
    await call('POST', '/blocked-days', { date: TODAY });
    await banner(admin.today.closures.closed_day).waitFor();
    expect(await banner(admin.today.closures.paused_all).count()).toBe(1);
  } finally {
    await call('PATCH', '/settings', { reservationsPaused: false });
    await call('DELETE', `/blocked-days/${TODAY}`);
  }
  await banner(admin.today.closures.paused_all).waitFor({ state: 'detached' });
  await banner(admin.today.closures.closed_day).waitFor({ state: 'detached' });
});

it("a manual reservation into a closed Monday shows why, and 'Guardar igualmente' saves it", async () => {
  const page = await openToday();
  await page.getByRole('button', { name: admin.today.addManual }).click();
  const dialog = page.getByRole('dialog', { name: admin.manualReservation.title });
  const name = `Lunes Cerrado ${letters()}`;
  await dialog.getByLabel(admin.manualReservation.name, { exact: true }).fill(name);
  await dialog.getByLabel(admin.manualReservation.phone, { exact: true }).fill('+34 622 333 444');
  await dialog.getByLabel(admin.manualReservation.date, { exact: true }).fill('2026-11-30');
  await dialog.getByLabel(admin.manualReservation.time, { exact: true }).selectOption('14:00');
  await dialog.getByRole('button', { name: admin.manualReservation.submit }).click();

  await dialog.getByRole('alert').filter({ hasText: admin.manualReservation.closures.monday }).waitFor();
  expect(await db().select().from(reservations).where(eq(reservations.customerName, name))).toEqual([]);
  await dialog.getByRole('button', { name: admin.manualReservation.saveAnyway }).click();
  await toast(page, admin.toasts.reservationCreated).waitFor();
  await dialog.waitFor({ state: 'detached' });
  const [row] = await db().select().from(reservations).where(eq(reservations.customerName, name));
  expect(row).toMatchObject({ reservationDate: '2026-11-30', status: 'confirmed', source: 'admin' });
});

it('the pause dialog lists the bookings already made inside the pause, and keeps them', async () => {
  const inside = `Dentro Pausa ${letters()}`;
  const cancelled = `Anulada Pausa ${letters()}`;
  const outside = `Fuera Pausa ${letters()}`;
  await insertReservation(db(), { customerName: inside, reservationDate: TODAY, reservationTime: '15:00', status: 'confirmed', numberOfPeople: 4 });
  await insertReservation(db(), { customerName: cancelled, reservationDate: TODAY, reservationTime: '15:30', status: 'cancelled' });
  await insertReservation(db(), { customerName: outside, reservationDate: TODAY, reservationTime: '17:00', status: 'pending' });
  const page = await openToday();
  await page.getByRole('button', { name: inside, exact: true }).waitFor();
  await page.getByRole('button', { name: admin.today.pause }).click();
  const dialog = page.getByRole('dialog', { name: admin.pause.title });
  await dialog.getByLabel(admin.pause.start, { exact: true }).selectOption('14:00');
  await dialog.getByLabel(admin.pause.end, { exact: true }).selectOption('16:00');

  const listed = dialog.getByRole('status');
  await listed.getByText(formatMessage(admin.affected.item, { time: '15:00', name: inside, people: 4 })).waitFor();
  const text = await listed.textContent();
  expect(text).toContain(formatMessage(admin.pause.inside, { count: 1 }));
  expect(text).not.toContain(cancelled);
  expect(text).not.toContain(outside);

  await dialog.getByRole('button', { name: admin.pause.submit }).click();
  await toast(page, admin.toasts.paused).waitFor();
  const [kept] = await db().select().from(reservations).where(eq(reservations.customerName, inside));
  expect(kept?.status).toBe('confirmed');
  const resumed = await page.request.fetch(suite.url('/api/admin/pause/today'), { method: 'DELETE', headers: { origin: suite.app.instance.url } });
  expect(resumed.status()).toBe(204);
});

it("keeps a 'Historial de cambios' on the card: who confirmed it, when, and what changed", async () => {
  const name = `Con Historial ${letters()}`;
  await insertReservation(db(), { customerName: name, reservationDate: TODAY, reservationTime: '16:30', status: 'pending' });
  const page = await openToday();
  const card = await openBooking(page, name);
  await card.getByRole('button', { name: admin.actions.confirm }).click();
  await toast(page, admin.toasts.reservationConfirmed).waitFor();

  await card.getByRole('button', { name: admin.changeLog.open }).click();
  const dialog = page.getByRole('dialog', { name: changeLogMessages.title });
  const line = dialog.getByRole('listitem').filter({ hasText: changeLogMessages.actions.status }).first();
  await line.waitFor();
  const text = await line.textContent();
  expect(text).toContain(suite.adminEmail);
  expect(text).toContain(formatMessage(changeLogMessages.change, { field: changeLogMessages.fields.status, before: 'Pendiente', after: 'Confirmada' }));
});

it('lists the bookings a day holds in the block-day dialog before anything is blocked, then cancels them all with one reason', async () => {
  const date = '2026-12-10';
  const name = `Día Bloqueado ${letters()}`;
  await insertReservation(db(), { customerName: name, customerEmail: uniqueEmail(), reservationDate: date, reservationTime: '14:00', status: 'confirmed', numberOfPeople: 3 });
  await insertReservation(db(), { customerName: `Ya Anulada ${letters()}`, reservationDate: date, reservationTime: '15:00', status: 'cancelled' });
  const page = await openToday();
  await page.getByRole('button', { name: admin.today.blockDay }).click();
  const dialog = page.getByRole('dialog', { name: admin.blockDay.title });
  await dialog.getByLabel(admin.blockDay.date, { exact: true }).fill(date);

  const affected = dialog.getByRole('status').filter({ hasText: admin.affected.blockDay.one });
  await affected.waitFor();
  expect(await affected.getByRole('listitem').allTextContents()).toEqual([
    formatMessage(admin.affected.item, { time: '14:00', name, people: 3 }),
  ]);
  expect((await db().select().from(dateExceptions).where(eq(dateExceptions.exceptionDate, date))).length).toBe(0);

  // Cancel them all with one reason: blocked, and the guest told why.
  await dialog.getByRole('radio', { name: admin.affected.cancelAll }).check();
  await dialog.getByRole('button', { name: admin.blockDay.submit }).click();
  await dialog.getByText(admin.cancelReason.requiredDescription).waitFor();
  await dialog.getByLabel(admin.affected.reason, { exact: true }).fill('Cerramos por inventario');
  await dialog.getByRole('button', { name: admin.blockDay.submit }).click();
  const confirm = page.getByRole('dialog', { name: admin.blockDay.confirmTitle });
  await confirm.getByText(formatMessage(admin.affected.confirmCancel, { count: 1 }), { exact: false }).waitFor();
  await confirm.getByRole('button', { name: admin.blockDay.confirm }).click();
  await toast(page, admin.toasts.dayBlocked).waitFor();
  const [cancelled] = await db().select().from(reservations).where(eq(reservations.customerName, name));
  expect(cancelled).toMatchObject({ status: 'cancelled', cancellationReason: 'Cerramos por inventario', cancelledBy: 'staff' });
  expect((await db().select().from(dateExceptions).where(eq(dateExceptions.exceptionDate, date))).length).toBe(1);
});

it("edits a confirmed booking's time and party: the guest's 'Reserva modificada' carries the updated calendar file", async () => {
  const name = `Cambio Hora ${letters()}`;
  const email = uniqueEmail();
  const row = await insertReservation(db(), { customerName: name, customerEmail: email, reservationDate: TODAY, reservationTime: '14:00', status: 'confirmed' });
  const page = await openToday();
  const card = await openBooking(page, name);
  await card.getByRole('button', { name: admin.edit.open }).click();
  const dialog = page.getByRole('dialog', { name: admin.edit.title });
  expect(await dialog.getByLabel(admin.manualReservation.name, { exact: true }).inputValue()).toBe(name);
  await dialog.getByLabel(admin.manualReservation.time, { exact: true }).selectOption('15:30');
  await dialog.getByLabel(admin.manualReservation.people, { exact: true }).selectOption('4');
  await dialog.getByRole('button', { name: admin.edit.submit }).click();
  await toast(page, admin.edit.saved).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await card.getByText('15:30').waitFor();

  const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, row.id));
  expect(mail).toMatchObject({ kind: 'reservation_modified', toAddress: email });
  const delivered = await deliveredEmail(db(), mail!, suite.clock);
  expect(delivered.text).toContain('Personas: 4');
  const ics = Buffer.from(delivered.attachments[0]!.contentBase64, 'base64').toString('utf8');
  expect(ics).toContain(`UID:${row.id}@`);
  expect(ics).toContain(`SEQUENCE:${row.revision + 1}`);
  expect(ics).toContain('DTSTART;TZID=Europe/Madrid:20261124T153000');
});

it("takes back a 'Completar' with 'Deshacer' in its toast", async () => {
  const name = `Deshacer Completar ${letters()}`;
  const row = await insertReservation(db(), { customerName: name, reservationDate: TODAY, reservationTime: '13:30', status: 'confirmed' });
  const page = await openToday();
  const card = await openBooking(page, name);
  await card.getByRole('button', { name: admin.actions.complete }).click();
  const done = toast(page, admin.toasts.reservationCompleted);
  await done.waitFor();
  await card.getByText('Completada', { exact: true }).waitFor();
  await done.getByRole('button', { name: admin.undo.action }).click();
  await toast(page, admin.undo.done).waitFor();
  await card.getByText('Confirmada', { exact: true }).waitFor();
  const [stored] = await db().select().from(reservations).where(eq(reservations.id, row.id));
  expect(stored!.status).toBe('confirmed');
});

it("keeps a booking on a day blocked after it was made, and its card says 'Fuera de horario'", async () => {
  const name = `Se Mantiene ${letters()}`;
  const date = '2026-12-15';
  await insertReservation(db(), { customerName: name, reservationDate: date, reservationTime: '14:00', status: 'confirmed' });
  const page = await openToday();
  await page.getByRole('button', { name: admin.today.blockDay }).click();
  const dialog = page.getByRole('dialog', { name: admin.blockDay.title });
  await dialog.getByLabel(admin.blockDay.date, { exact: true }).fill(date);
  await dialog.getByRole('radio', { name: admin.affected.keep }).waitFor();
  expect(await dialog.getByRole('radio', { name: admin.affected.keep }).isChecked()).toBe(true);
  await dialog.getByRole('button', { name: admin.blockDay.submit }).click();
  const confirm = page.getByRole('dialog', { name: admin.blockDay.confirmTitle });
  await confirm.getByRole('button', { name: admin.blockDay.confirm }).click();
  await toast(page, admin.toasts.dayBlocked).waitFor();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: admin.today.upcoming }).click();
  const card = page.getByRole('article', { name });
  await card.getByText(admin.affected.outsideHours, { exact: true }).waitFor();
  await card.getByText('Confirmada', { exact: true }).waitFor();
});
