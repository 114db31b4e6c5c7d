import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { reservations, reservationTables } from '../../src/server/db/schema.ts';
import { insertReservation, insertTable } from '../support/factories.ts';
import { openBooking, useBrowserSuite } from '../support/admin-browser.ts';

// Issue 52, item 3 (decision 065): 'Cambiar mesa', 'Editar reserva' and the manual booking show each table's state for the booking's
// time, free ones that fit first; the manual booking seats the table ticked; its time select marks the half hours
// outside the day's hours and the covers booked at each. Tuesday 24 November 2026, 11:00 in Madrid, frozen; the
// restaurant opens 13:00-18:00.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const admin = staffMessages.admin;
const text = admin.manualReservation;
const seating = tableMessages.seating;
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const [number, seats] of [[1, 2], [2, 4], [3, 4], [4, 2]] as const) ids[`Mesa ${number}`] = (await insertTable(db(), { tableNumber: number, seats })).id;
  const ana = await insertReservation(db(), { customerName: 'Ana Ruiz', reservationDate: TODAY, reservationTime: '14:00', numberOfPeople: 4, status: 'confirmed' });
  await db().insert(reservationTables).values({ reservationId: ana.id, tableId: ids['Mesa 2']! });
  await insertReservation(db(), { customerName: 'Bruno Gil', reservationDate: TODAY, reservationTime: '14:30', numberOfPeople: 3, status: 'confirmed' });
});

const occupiedByAna = formatMessage(seating.choiceStates.occupied, { name: 'Ana Ruiz', until: '15:30' });

describe.each([
  ['a 390 px phone', PHONE, 'Mesa 1', 'Nora Phone', '+34 622 333 444'],
  ['a 1024×768 tablet', TABLET, 'Mesa 3', 'Nora Tablet', '+34 622 333 555'],
])('table states on %s', (_label, device, table, guest, phone) => {
  it("'Cambiar mesa' shows each table's state at the booking's time, the free ones that fit first", async () => {
    const staff = await suite.openAdmin('/admin?tab=reservas', device);
    const card = await openBooking(staff, 'Bruno Gil');
    await card.getByRole('button', { name: seating.change }).click();
    const dialog = staff.getByRole('dialog', { name: formatMessage(seating.dialogTitle, { name: 'Bruno Gil' }) });
    const mesa2 = dialog.getByRole('checkbox', { name: 'Mesa 2 (4 pers.)' });
    await expect.poll(() => mesa2.getAttribute('aria-describedby').then((id) => dialog.locator(`[id="${id}"]`).textContent())).toBe(occupiedByAna);
    const rows = await dialog.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
    expect(rows[0]).toBe('free');
    expect(rows.at(-1)).not.toBe('free');
    // Mesa 4 seats two: too small for Bruno's three, and in no combination.
    const mesa4 = dialog.getByRole('checkbox', { name: 'Mesa 4 (2 pers.)' });
    expect(await mesa4.getAttribute('aria-describedby').then((id) => dialog.locator(`[id="${id}"]`).textContent())).toBe(seating.choiceStates.tooSmall);
  });

  it("'Editar reserva' shows each table's state at the form's time, and follows a changed time", async () => {
    const staff = await suite.openAdmin('/admin?tab=reservas', device);
    const card = await openBooking(staff, 'Bruno Gil');
    await card.getByRole('button', { name: admin.edit.open }).click();
    const dialog = staff.getByRole('dialog', { name: admin.edit.title });
    const choice = dialog.getByRole('group', { name: admin.edit.tables });
    const stateOf = async (name: string) => {
      const box = choice.getByRole('checkbox', { name });
      return box.getAttribute('aria-describedby').then((id) => choice.locator(`[id="${id}"]`).textContent());
    };
    await expect.poll(() => stateOf('Mesa 2 (4 pers.)')).toBe(occupiedByAna);
    expect(await stateOf('Mesa 4 (2 pers.)')).toBe(seating.choiceStates.tooSmall);
    // At 17:00 Ana's table is free again.
    await dialog.getByLabel(text.time, { exact: true }).selectOption('17:00');
    await expect.poll(() => stateOf('Mesa 2 (4 pers.)')).toBe(seating.choiceStates.free);
    await dialog.getByRole('button', { name: messages.common.cancel }).click();
  });

  it('the manual booking marks times outside the hours, counts covers and seats the table ticked', async () => {
    const staff = await suite.openAdmin('/admin', device);
    await staff.getByRole('button', { name: admin.today.addManual }).first().click();
    const dialog = staff.getByRole('dialog', { name: text.title });
    await dialog.waitFor();
    await dialog.getByLabel(text.name, { exact: true }).fill(guest);
    await dialog.getByLabel(text.phone, { exact: true }).fill(phone);
    await dialog.getByLabel(text.date, { exact: true }).fill(TODAY);
    const time = dialog.getByLabel(text.time, { exact: true });
    const option = (value: string) => time.locator(`option[value="${value}"]`);
    await expect.poll(() => option('14:00').textContent()).toBe(`14:00 · ${formatMessage(text.timeCovers, { covers: 4 })}`);
    expect(await option('08:00').textContent()).toBe(`08:00 · ${admin.affected.outsideHours} · ${formatMessage(text.timeCovers, { covers: 0 })}`);
    expect(await option('23:30').textContent()).toContain(admin.affected.outsideHours);
    expect(await option('08:00').isDisabled()).toBe(false);
    await time.selectOption('15:00');

    const choice = dialog.getByRole('group', { name: seating.manualLegend });
    const mesa2 = choice.getByRole('checkbox', { name: 'Mesa 2 (4 pers.)' });
    await expect.poll(() => mesa2.getAttribute('aria-describedby').then((id) => choice.locator(`[id="${id}"]`).textContent())).toBe(occupiedByAna);
    await choice.getByRole('checkbox', { name: `${table} (` }).click();
    await dialog.getByRole('button', { name: text.submit }).click();
    await dialog.waitFor({ state: 'detached' });

    const [row] = await db().select().from(reservations).where(eq(reservations.customerName, guest));
    const links = await db().select().from(reservationTables).where(eq(reservationTables.reservationId, row!.id));
    expect(links.map((link) => link.tableId)).toEqual([ids[table]]);
  });
});
