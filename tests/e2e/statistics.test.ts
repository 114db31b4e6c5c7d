import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { historyMessages } from '@shared/staff-messages/history.ts';
import { spendStatisticsTexts as spend } from '@shared/staff-messages/spend-statistics.ts';
import { statisticsMessages } from '@shared/staff-messages/statistics.ts';
import { cardGuarantees, paymentCharges, reservations } from '../../src/server/db/schema.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation } from '../support/factories.ts';

// Historial › Estadísticas (issue 11, point 5) in Chromium. Server and browser read Wednesday 28 October 2026,
// 12:00 in Madrid, so the default range is 29 September - 28 October.
const NOW = new Date('2026-10-28T11:00:00Z');
const text = statisticsMessages;

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

type NewRow = typeof reservations.$inferInsert;
const seed = (row: Partial<NewRow> & Pick<NewRow, 'customerName' | 'reservationDate' | 'reservationTime'>) =>
  insertReservation(db(), { createdAt: new Date('2026-10-20T10:00:00Z'), ...row });

beforeEach(async () => {
  await db().delete(reservations);
  await seed({ customerName: 'Ana Llegada', reservationDate: '2026-10-23', reservationTime: '13:00', numberOfPeople: 4, status: 'completed', arrivalStatus: 'arrived' });
  await seed({ customerName: 'Bruno Manual', reservationDate: '2026-10-27', reservationTime: '21:00', numberOfPeople: 3, status: 'confirmed', source: 'admin' });
  await seed({ customerName: 'Carla Ausente', reservationDate: '2026-10-25', reservationTime: '14:00', status: 'confirmed', arrivalStatus: 'no_show' });
  await seed({ customerName: 'Diego Anulado', reservationDate: '2026-10-26', reservationTime: '13:30', status: 'cancelled', cancelledBy: 'guest' });
  await seed({ customerName: 'Elena Septiembre', reservationDate: '2026-09-15', reservationTime: '13:00', numberOfPeople: 6, status: 'completed', arrivalStatus: 'arrived', createdAt: new Date('2026-09-01T10:00:00Z') });
});

async function openStatistics(options: Parameters<typeof suite.openAdmin>[1] = {}): Promise<Page> {
  const page = await suite.openAdmin('/admin?tab=historial', options);
  await page.getByRole('tab', { name: text.sections.statistics }).click();
  await page.getByRole('region', { name: text.perDay }).waitFor();
  return page;
}

/** The figure of a summary card. */
async function card(page: Page, label: string): Promise<number> {
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
  return Number(await item.locator('p').textContent());
}

/** The cells of a chart's data table row, opening its 'Ver datos' first. */
async function tableRow(page: Page, chart: string, rowName: string): Promise<string[]> {
  const region = page.getByRole('region', { name: chart });
  const details = region.locator('details');
  if ((await details.getAttribute('open')) === null) await region.getByText(text.showData).click();
  const row = region.getByRole('table', { name: chart }).getByRole('row').filter({ hasText: rowName });
  return (await row.locator('th, td').allTextContents()).map((cell) => cell.trim());
}

it('shows the last 30 days as real charts with their figures as tables, and follows a new range', async () => {
  const page = await openStatistics();
  await expect.poll(() => card(page, text.covers)).toBe(7);
  expect(await card(page, text.reservations)).toBe(4);
  expect(await card(page, text.noShows)).toBe(1);
  expect(await card(page, text.cancellations)).toBe(1);
  expect(await page.getByLabel(text.from).inputValue()).toBe('2026-09-29');
  expect(await page.getByLabel(text.to).inputValue()).toBe('2026-10-28');

  // No booking of the range had a card saved.
  expect(await page.getByRole('region', { name: text.guarantee.title }).count()).toBe(0);

  // Recharts drew SVG: bars for the bar charts and sectors for the pie.
  expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(5);
  expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
  // One sector per source (web form, Google, manual, walk-in), drawn empty when its count is 0.
  expect(await page.locator('.recharts-pie-sector').count()).toBe(4);
  expect(await page.getByRole('figure', { name: text.perSlot }).locator('svg').count()).toBe(1);

  expect(await tableRow(page, text.perDay, '23/10/2026')).toEqual(['23/10/2026', '1', '4']);
  expect(await tableRow(page, text.perDay, '24/10/2026')).toEqual(['24/10/2026', '0', '0']);
  expect(await tableRow(page, text.perSlot, '21:00')).toEqual(['21:00', '1', '3']);
  expect(await tableRow(page, text.source, text.sources.admin)).toEqual([text.sources.admin, '1']);
  const noShowRow = await tableRow(page, text.rates, text.noShowRate);
  expect(noShowRow.slice(0, 2)).toEqual([text.noShowRate, '1']);
  // Reached their day: Ana, Bruno, Carla: one of three did not come.
  expect(noShowRow[2]).toMatch(/^33,3\s%$/);

  await page.getByLabel(text.from).fill('2026-09-01');
  await expect.poll(() => card(page, text.covers)).toBe(13);
  expect(await card(page, text.reservations)).toBe(5);
  expect(await tableRow(page, text.perDay, '15/09/2026')).toEqual(['15/09/2026', '1', '6']);

  // 22-28 October: Ana's 4 and Bruno's 3.
  await page.getByRole('button', { name: text.last7 }).click();
  await expect.poll(() => card(page, text.covers)).toBe(7);
  expect(await card(page, text.reservations)).toBe(4);
  expect(await page.getByLabel(text.from).inputValue()).toBe('2026-10-22');

  // A reversed range is refused on the spot, with the server's own message.
  await page.getByLabel(text.to).fill('2026-10-01');
  await page.getByRole('alert').filter({ hasText: text.validation.fromAfterTo }).waitFor();
});

it("shows 'Garantía con tarjeta' on a phone once a booking of the range had a card saved", async () => {
  const [carla] = await db().select().from(reservations).where(eq(reservations.customerName, 'Carla Ausente'));
  await db().insert(cardGuarantees).values({
    reservationId: carla!.id,
    provider: 'stripe',
    customerRef: 'cus_carla',
    paymentMethodRef: 'pm_carla',
    amountPerPersonCents: 2000,
    freeCancellationHours: 24,
    state: 'released',
    savedAt: new Date('2026-10-20T10:00:00Z'),
    releasedAt: new Date('2026-10-26T10:00:00Z'),
    releaseReason: 'charged',
  });
  await db().insert(paymentCharges).values([
    { reservationId: carla!.id, people: 2, amountCents: 4000, status: 'failed', failureReason: 'card_declined' },
    { reservationId: carla!.id, people: 2, amountCents: 4000, status: 'succeeded', refundedCents: 1500 },
  ]);

  const page = await openStatistics({ viewport: { width: 360, height: 780 } });
  const section = page.getByRole('region', { name: text.guarantee.title });
  /** The value shown under a term of the section's definition list, and its note if it has one (spaces plain). */
  const figure = async (term: string) => {
    const values = await section.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=..').getByRole('definition').allTextContents();
    return values.map((value) => value.replace(/\s/g, ' '));
  };
  await expect.poll(() => figure(text.guarantee.charged)).toEqual(['40,00 €', '1 cobro']);
  expect(await figure(text.guarantee.refunded)).toEqual(['15,00 €']);
  expect(await figure(text.guarantee.net)).toEqual(['25,00 €']);
  // Carla had a card and did not come; Ana and Bruno, without one, reached their day (Diego cancelled).
  expect(await figure(text.guarantee.noShowsWith)).toEqual(['100 %', '1 de 1']);
  expect(await figure(text.guarantee.noShowsWithout)).toEqual(['0 %', '0 de 2']);
  // Nothing sticks out of a 360 px screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

it("shows 'Ticket medio' once a visit of the range has a bill: per visit, per person, and how many have one", async () => {
  await db().update(reservations).set({ billCents: 18_000 }).where(eq(reservations.customerName, 'Ana Llegada'));
  const page = await openStatistics({ viewport: { width: 360, height: 780 } });
  const section = page.getByRole('region', { name: spend.title });
  const figure = async (term: string) => {
    const values = await section.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=..').getByRole('definition').allTextContents();
    return values.map((value) => value.replace(/\s/g, ' '));
  };
  // Ana's party of 4 came and paid 180 €; Elena's visit is outside the range, Bruno's has not come yet.
  await expect.poll(() => figure(spend.average)).toEqual(['180,00 €', spend.averageNote]);
  expect(await figure(spend.perPerson)).toEqual(['45,00 €']);
  expect(await figure(spend.billedVisits)).toEqual(['1', spend.billedOfOne]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

it("leaves 'Ticket medio' out while no visit of the range has a bill", async () => {
  const page = await openStatistics();
  await page.getByRole('region', { name: text.perSlot }).waitFor();
  expect(await page.getByRole('region', { name: spend.title }).count()).toBe(0);
});

it("'Exportar CSV' downloads the history with the list's filters", async () => {
  const page = await suite.openAdmin('/admin?tab=historial');
  const history = historyMessages;
  await page.getByLabel(history.startDate).fill('2026-10-01');
  await page.getByLabel(history.endDate).fill('2026-10-31');
  await page.getByLabel(history.status, { exact: true }).selectOption('confirmed');
  await page.getByText('2 reservas encontradas').waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: text.exportCsv }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('reservas-2026-10-01-2026-10-31.csv');
  const content = await readFile((await download.path())!, 'utf8');
  expect(content.startsWith('\uFEFFFecha;Hora;Nombre;')).toBe(true);
  const names = content.trim().split('\r\n').slice(1).map((line) => line.split(';')[2]);
  expect(names).toEqual(['Bruno Manual', 'Carla Ausente']);
});
