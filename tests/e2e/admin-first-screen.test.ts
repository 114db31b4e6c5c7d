import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-messages.ts';
import { openBooking, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation } from '../support/factories.ts';
import { reservations, restaurantConfig } from '../../src/server/db/schema.ts';

// Decision 024: /admin's Reservas tab arrives rendered by the server, and the browser hydrates it. Tuesday
// 24 November 2026, 11:00 in Madrid, frozen for the server and the browser alike.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
const text = staffMessages.admin;
const TEAL = '#0f766e';

afterEach(async () => {
  await db().delete(reservations);
  await db().update(restaurantConfig).set({ brandColor: '#b45309' }).where(eq(restaurantConfig.id, 1));
});

it('shows the day before any script has run, then hydrates it without an error, in the restaurant\'s colour, and it works', async () => {
  await insertReservation(db(), { customerName: 'Lucía Servidor', reservationDate: TODAY, reservationTime: '13:30', numberOfPeople: 3, status: 'confirmed' });
  await db().update(restaurantConfig).set({ brandColor: TEAL }).where(eq(restaurantConfig.id, 1));
  const totals = '3 cubiertos · 0 sentados · 3 por llegar';

  // The server's HTML alone, as a phone shows it while the scripts are still on their way.
  const noScript = await suite.adminContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto(suite.url('/admin'));
  await bare.getByText(totals).waitFor();
  await bare.getByText('Lucía Servidor').waitFor();
  await bare.getByText(text.today.addManual).first().waitFor();
  // Nothing can be tapped before React owns the page.
  expect(await bare.locator('#root').getAttribute('inert')).toBe('');

  // With its scripts: hydrated (a mismatch, a CSP refusal or any console error fails the test: suite.watch).
  const page = await suite.openAdmin('/admin');
  expect(await page.locator('#root').getAttribute('inert')).toBeNull();
  await page.getByText(totals).waitFor();
  // The colour travels as a style the CSP would refuse in HTML; the browser applies it.
  expect(await page.getByRole('banner').evaluate((header) => getComputedStyle(header).backgroundColor)).toBe('rgb(15, 118, 110)');
  // Pointing at a tool starts loading its dialog, and at the list the booking detail: each opens without a wait.
  const dialogChunk = page.waitForRequest((request) => /\/assets\/manual-reservation-dialog-[\w-]+\.js$/.test(request.url()));
  await page.getByRole('button', { name: text.today.addManual }).hover();
  await dialogChunk;
  const detailChunk = page.waitForRequest((request) => /\/assets\/detail-card-[\w-]+\.js$/.test(request.url()));
  await page.getByRole('button', { name: 'Lucía Servidor', exact: true }).hover();
  await detailChunk;
  const card = await openBooking(page, 'Lucía Servidor');
  await card.getByRole('button', { name: text.actions.arrived }).click();
  await expect.poll(async () => (await db().select().from(reservations))[0]?.arrivalStatus).toBe('arrived');
});
