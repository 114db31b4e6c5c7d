import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, reservations, reservationTables } from '../../src/server/db/schema.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservations, uniqueEmail } from '../support/factories.ts';

// Issue 52, item 1 (decision 064): 'Confirmar todas (N)' beside the rows' own buttons, one dialog listing the
// requests, one request that confirms them, one 'Deshacer' that puts them all back. Tuesday 24 November 2026, 11:00
// in Madrid, frozen; on the encargado's tablet and on a waiter's phone.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';
const text = staffMessages.admin.confirmAll;
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  await db().delete(emailOutbox);
  await db().delete(reservationTables);
  await db().delete(reservations);
});

const requests = (rows: { name: string; date: string; time: string; people: number }[]) =>
  insertReservations(
    db(),
    rows.map(({ name, date, time, people }) => ({
      customerName: name,
      customerEmail: uniqueEmail('cliente'),
      reservationDate: date,
      reservationTime: time,
      numberOfPeople: people,
      status: 'pending' as const,
    })),
  );
const statusesOf = async (ids: string[]) =>
  (await db().select().from(reservations).where(inArray(reservations.id, ids))).map((row) => row.status);
const emailsOf = (ids: string[]) => db().select().from(emailOutbox).where(inArray(emailOutbox.reservationId, ids));
const confirmAllButton = (page: Page, count: number) =>
  page.getByRole('button', { name: formatMessage(text.button, { count }), exact: true });

/** Opens the dialog, checks what it lists, confirms; then 'Deshacer' from the toast. */
async function confirmThenUndo(page: Page, expected: string[], ids: string[]) {
  await confirmAllButton(page, expected.length).click();
  const dialog = page.getByRole('dialog', { name: text.title });
  const items = dialog.getByRole('list', { name: text.listLabel }).getByRole('listitem');
  await items.first().waitFor();
  expect(await items.allTextContents()).toEqual(expected);
  await dialog.getByRole('button', { name: text.submit, exact: true }).click();

  const done = toast(page, formatMessage(text.doneMany, { count: expected.length }));
  await done.waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await confirmAllButton(page, expected.length).waitFor({ state: 'detached' });
  expect(await statusesOf(ids)).toEqual(ids.map(() => 'confirmed'));
  expect(await emailsOf(ids)).toHaveLength(ids.length);

  await done.getByRole('button', { name: staffMessages.admin.undo.action }).click();
  await toast(page, staffMessages.admin.undo.done).waitFor();
  await confirmAllButton(page, expected.length).waitFor();
  expect(await statusesOf(ids)).toEqual(ids.map(() => 'pending'));
  expect(await emailsOf(ids)).toEqual([]);
}

describe.each([
  ['a 1024×768 tablet', TABLET],
  ['a 390 px phone', PHONE],
])("'Confirmar todas' on %s", (_device, options) => {
  it("confirms today's requests from the service view's 'Por confirmar', and 'Deshacer' brings them back", async () => {
    const rows = await requests([
      { name: 'Ana Pérez', date: TODAY, time: '13:00', people: 2 },
      { name: 'Luis Gómez', date: TODAY, time: '14:30', people: 4 },
      { name: 'Marta Ruiz', date: TODAY, time: '20:00', people: 3 },
    ]);
    const page = await suite.openAdmin('/admin', options);
    const strip = page.getByRole('heading', { name: `${staffMessages.admin.service.pendingStrip} (3)` });
    await strip.waitFor();
    await confirmThenUndo(
      page,
      ['Ana Pérez · Hoy, 13:00 · 2 personas', 'Luis Gómez · Hoy, 14:30 · 4 personas', 'Marta Ruiz · Hoy, 20:00 · 3 personas'],
      rows.map((row) => row.id),
    );
    await strip.waitFor();
    const box = (await confirmAllButton(page, 3).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(options.viewport.width);
    expect(suite.pageErrors).toEqual([]);
  });

  it("confirms the requests of the coming days from 'Reservas pendientes', and the list empties", async () => {
    const rows = await requests([
      { name: 'Eva Sanz', date: TODAY, time: '21:00', people: 2 },
      { name: 'Pablo Ortiz', date: TOMORROW, time: '13:30', people: 6 },
    ]);
    const page = await suite.openAdmin('/admin', options);
    await page.getByRole('button', { name: staffMessages.admin.today.pendingAlerts }).click();
    const pending = page.getByRole('dialog', { name: staffMessages.admin.pendingAlerts.title });
    await pending.getByRole('article', { name: 'Pablo Ortiz' }).waitFor();
    await confirmAllButton(page, 2).click();
    const dialog = page.getByRole('dialog', { name: text.title });
    await dialog.getByRole('listitem').first().waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
      'Eva Sanz · Hoy, 21:00 · 2 personas',
      'Pablo Ortiz · Mañana, 13:30 · 6 personas',
    ]);
    await dialog.getByRole('button', { name: text.submit, exact: true }).click();
    await toast(page, formatMessage(text.doneMany, { count: 2 })).waitFor();
    await pending.getByText(staffMessages.admin.pendingAlerts.empty, { exact: true }).waitFor();
    expect(await statusesOf(rows.map((row) => row.id))).toEqual(['confirmed', 'confirmed']);
  });
});
