import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { BROWSER_WAIT_MS, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation, insertTable } from '../support/factories.ts';
import { reservations, reservationTables, restaurantConfig, tables } from '../../src/server/db/schema.ts';

// Issue 22 on Reservas: 'Buscar' finds today's and the coming days' bookings by any digits of the phone, however it
// was written; the day's clock marks a guest late and a party past its time. Tuesday 24 November 2026, 11:00 in
// Madrid, frozen.
const NOW = new Date('2026-11-24T10:00:00Z');
const text = staffMessages.admin.today;
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
const names = (page: Page) => page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent));

describe("'Buscar' on Reservas", () => {
  it('filters in place by phone digits, reaches the coming days, and gives the day back when cleared', async () => {
    await insertReservation(db(), { customerName: 'Rosa Prefijo', customerPhone: '+34 633 444 555', reservationDate: '2026-11-24', reservationTime: '21:00', status: 'confirmed' });
    await insertReservation(db(), { customerName: 'Rosa Mañana', customerPhone: '633444555', reservationDate: '2026-11-25', reservationTime: '14:00' });
    await insertReservation(db(), { customerName: 'Rosa Ayer', customerPhone: '633-444-555', reservationDate: '2026-11-23', status: 'completed' });
    await insertReservation(db(), { customerName: 'Otro Cliente', customerPhone: '699 111 222', reservationDate: '2026-11-24', reservationTime: '14:00', status: 'confirmed' });
    const page = await suite.openAdmin('/admin', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByRole('article', { name: 'Otro Cliente' }).waitFor();

    const search = page.getByLabel(text.search, { exact: true });
    await search.fill('633 444 555');
    await expect.poll(() => names(page), { timeout: BROWSER_WAIT_MS }).toEqual(['Rosa Prefijo', 'Rosa Mañana']);

    await search.fill('zzzz');
    await page.getByRole('status').filter({ hasText: formatMessage(text.searchEmpty, { search: 'zzzz' }) }).waitFor();

    await search.fill('');
    await expect.poll(() => names(page), { timeout: BROWSER_WAIT_MS }).toEqual(expect.arrayContaining(['Otro Cliente', 'Rosa Prefijo']));
    expect(await names(page)).not.toContain('Rosa Mañana');
  });

  it("marks a guest 15 minutes late and a party past its time, on the card and on the map", async () => {
    await db().delete(reservations);
    await db().delete(tables);
    await db().update(restaurantConfig).set({ capacityMode: 'covers', reservationDurationMinutes: 90 });
    await insertReservation(db(), { customerName: 'Llega Tarde', reservationDate: '2026-11-24', reservationTime: '10:40', status: 'confirmed' });
    await insertReservation(db(), { customerName: 'Aún A Tiempo', reservationDate: '2026-11-24', reservationTime: '10:50', status: 'confirmed' });
    const seated = await insertReservation(db(), { customerName: 'Sobremesa Larga', reservationDate: '2026-11-24', reservationTime: '09:00', status: 'confirmed', arrivalStatus: 'arrived' });
    const table = await insertTable(db(), { tableNumber: 1, seats: 4, name: 'Mesa 1', positionX: 100, positionY: 100 });
    await db().insert(reservationTables).values({ reservationId: seated.id, tableId: table.id });

    const page = await suite.openAdmin('/admin');
    await page.getByRole('article', { name: 'Llega Tarde' }).getByText('Llega tarde: 20 min', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Sobremesa Larga' }).getByText('Pasada de tiempo: 30 min', { exact: true }).waitFor();
    expect(await page.getByRole('article', { name: 'Aún A Tiempo' }).getByText(/Llega tarde/).count()).toBe(0);

    await page.goto(suite.url('/admin?tab=mesas'));
    await page.getByRole('button', { name: /^Mesa 1, 4 personas: pasada de tiempo, Sobremesa Larga a las 09:00$/ }).waitFor();
  });
});
