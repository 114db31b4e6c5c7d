import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { openGuestForm, pickDate, timeOption } from '../support/guest-form.ts';

// Covers pacing (issue 11) through the screens. Frozen on Tuesday 24 November 2026, 11:00 in Madrid; guests book
// Wednesday the 25th.
const NOW = new Date('2026-11-24T10:00:00Z');
const TOMORROW = '2026-11-25';

const admin = staffMessages.admin;
const pacing = messages.pacing;
const form = messages.reservation.form;
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

beforeEach(async () => {
  await db().update(restaurantConfig).set({ maxCoversPerSlot: null, maxCoversPerDay: null });
});

const config = async () => (await db().select().from(restaurantConfig))[0]!;

let ipCounter = 0;
async function bookThroughApi(time: string, numberOfPeople: number): Promise<void> {
  const id = randomUUID();
  const response = await suite.app.request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: `10.8.0.${++ipCounter}`,
    payload: {
      id,
      customerName: 'Lucía Gómez',
      customerPhone: '+34 600 111 222',
      customerEmail: `guest-${id.slice(0, 8)}@example.com`,
      numberOfPeople,
      reservationDate: TOMORROW,
      reservationTime: time,
      privacyConsent: true,
    },
  });
  expect(response.statusCode).toBe(201);
}

describe('covers pacing', () => {
  it('is set in Configuración › Reservas, and a guest sees a slot too full for the party as (Completo)', async () => {
    const staff = await suite.openAdmin('/admin?tab=configuracion', { viewport: { width: 1280, height: 900 } });
    const subTabs = staff.getByRole('tablist', { name: admin.tabs.settings });
    await subTabs.getByRole('tab', { name: settingsMessages.tabs.reservations, exact: true }).click();
    await staff.getByRole('heading', { name: pacing.settingsTitle }).waitFor();

    const perSlot = staff.getByLabel(pacing.maxPerSlot, { exact: true });
    expect(await perSlot.inputValue()).toBe('');
    expect(await perSlot.getAttribute('placeholder')).toBe(pacing.noLimit);

    // Out of range: the rule's message, and nothing is saved.
    await perSlot.fill('0');
    await perSlot.press('Tab');
    await staff.getByText('Indica un número entero de comensales entre 1 y 500, o déjalo vacío para no poner límite.').waitFor();
    expect((await config()).maxCoversPerSlot).toBeNull();

    await perSlot.fill('6');
    await perSlot.press('Tab');
    await toast(staff, admin.toasts.settingsSaved).waitFor();
    await expect.poll(async () => (await config()).maxCoversPerSlot).toBe(6);
    expect((await config()).maxCoversPerDay).toBeNull();

    await bookThroughApi('14:00', 4);

    const guest = await openGuestForm(suite);
    await guest.getByLabel(form.people, { exact: true }).selectOption('2');
    await pickDate(guest, TOMORROW);
    const time = guest.getByLabel(form.time, { exact: true });
    await expect.poll(() => time.isEnabled()).toBe(true);
    await expect.poll(() => timeOption(guest, '14:00')).toBe('14:00|enabled');
    await time.selectOption('14:00');

    // Three people no longer fit in 14:00 (4 of 6 taken): the slot is full and the chosen time is dropped.
    await guest.getByLabel(form.people, { exact: true }).selectOption('3');
    await expect.poll(() => timeOption(guest, '14:00')).toBe(`14:00 ${pacing.slotFullOption}|disabled`);
    await expect.poll(() => time.inputValue()).toBe('');
    expect(await timeOption(guest, '14:30')).toBe('14:30|enabled');

    // Back to two, the slot is offered again.
    await guest.getByLabel(form.people, { exact: true }).selectOption('2');
    await expect.poll(() => timeOption(guest, '14:00')).toBe('14:00|enabled');
  });

  it('warns staff before a manual reservation passes the maximum, and creates it', async () => {
    await db().update(restaurantConfig).set({ maxCoversPerSlot: 6 });
    await bookThroughApi('15:00', 4);

    const staff = await suite.openAdmin('/admin');
    await staff.getByRole('button', { name: admin.today.addManual }).click();
    const dialog = staff.getByRole('dialog', { name: admin.manualReservation.title });
    await dialog.waitFor();
    const name = `Mesa Ritmo ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel(admin.manualReservation.name, { exact: true }).fill(name);
    await dialog.getByLabel(admin.manualReservation.phone, { exact: true }).fill('+34 622 333 444');
    await dialog.getByLabel(admin.manualReservation.date, { exact: true }).fill(TOMORROW);
    await dialog.getByLabel(admin.manualReservation.people, { exact: true }).selectOption('2');
    await dialog.getByLabel(admin.manualReservation.time, { exact: true }).selectOption('15:00');
    const warning = 'Esta reserva supera el máximo de comensales de la franja (7 de 6).';
    expect(await dialog.getByText(warning).count()).toBe(0);

    await dialog.getByLabel(admin.manualReservation.people, { exact: true }).selectOption('3');
    await dialog.getByRole('status').filter({ hasText: warning }).waitFor();
    await dialog.getByRole('button', { name: admin.manualReservation.submit }).click();
    await toast(staff, warning).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [row] = await db().select().from(reservations).where(eq(reservations.customerName, name));
    expect(row).toMatchObject({ status: 'confirmed', numberOfPeople: 3, reservationDate: TOMORROW });
  });
});
