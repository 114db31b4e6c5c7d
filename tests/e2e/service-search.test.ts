import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { BROWSER_WAIT_MS, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation } from '../support/factories.ts';

// Issue 22: 'Buscar' on Reservas finds today's and the coming days' bookings by any digits of the phone, however
// it was written. Tuesday 24 November 2026, 11:00 in Madrid, frozen.
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
});
