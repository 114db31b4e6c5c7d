import { beforeEach, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { feedbackStatisticsTexts as text } from '@shared/staff-messages/feedback-statistics.ts';
import { spendStatisticsTexts } from '@shared/staff-messages/spend-statistics.ts';
import { statisticsMessages } from '@shared/staff-messages/statistics.ts';
import { feedbackRequests, guests, reservations } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, openBooking, useBrowserSuite } from '../support/admin-browser.ts';
import { insertGuest, insertReservation, insertStaff, uniqueEmail } from '../support/factories.ts';

// Issue 47: Estadísticas' 'Valoraciones' and tickets per guest, and the guest's rating in the booking's detail
// (decision 046). Server and browser read Wednesday 28 October 2026, 12:00 in Madrid.
const NOW = new Date('2026-10-28T11:00:00Z');
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
const COMMENT = 'La tarta de queso, de diez';

beforeEach(async () => {
  await db().delete(reservations);
  await db().delete(guests);
  const guest = await insertGuest(db(), { name: 'Marta Valora' });
  const visit = await insertReservation(db(), {
    guestId: guest.id,
    customerName: 'Marta Valora',
    reservationDate: '2026-10-28',
    reservationTime: '13:00',
    numberOfPeople: 2,
    status: 'confirmed',
    arrivalStatus: 'arrived',
    billCents: 9000,
  });
  await db().insert(feedbackRequests).values({
    reservationId: visit.id,
    guestId: guest.id,
    channel: 'email',
    requestedAt: new Date('2026-10-28T09:00:00Z'),
    expiresAt: new Date('2026-11-28T09:00:00Z'),
    answeredAt: new Date('2026-10-28T10:00:00Z'),
    rating: 4,
    comment: COMMENT,
  });
});

async function openStatistics(): Promise<Page> {
  const page = await suite.openAdmin('/admin?tab=historial');
  await page.getByRole('tab', { name: statisticsMessages.sections.statistics }).click();
  await page.getByRole('region', { name: statisticsMessages.perDay }).waitFor();
  return page;
}

it("shows 'Valoraciones' with the rating, its charts and the comment, and the tickets per guest", async () => {
  const page = await openStatistics();
  const ratings = page.getByRole('region', { name: text.title, exact: true });
  const figure = (term: string) => ratings.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=..').getByRole('definition').first();
  await expect.poll(() => figure(text.count).textContent()).toBe('1');
  expect((await figure(text.average).textContent())?.replace(/\s/g, ' ')).toBe(formatMessage(text.outOfFive, { value: 4 }));
  // Recharts drew the three charts.
  for (const chart of [text.perWeek, text.perSlot, text.distribution]) {
    expect(await page.getByRole('figure', { name: chart }).locator('.recharts-bar-rectangle').count(), chart).toBeGreaterThan(0);
  }
  const comments = page.getByRole('region', { name: text.comments });
  const item = comments.getByRole('listitem').filter({ hasText: COMMENT });
  await item.waitFor();
  expect(await item.textContent()).toContain(formatMessage(text.visit, { date: '28/10/2026', time: '13:00' }));
  // The name opens the guest's profile.
  await item.getByRole('button', { name: `${text.openGuest}: Marta Valora` }).click();
  const profile = page.getByRole('dialog', { name: staffMessages.guests.title });
  await profile.getByRole('heading', { name: `${staffMessages.guests.reservations} (1)` }).waitFor();
  await page.keyboard.press('Escape');

  // Beside 'Ticket medio': Marta's 90 € visit, and Marta first among the top guests.
  await page.getByRole('region', { name: spendStatisticsTexts.title, exact: true }).waitFor();
  await page.getByRole('region', { name: text.spend.bySegment }).waitFor();
  const top = page.getByRole('region', { name: text.spend.top });
  const row = top.getByRole('row').filter({ hasText: 'Marta Valora' });
  expect((await row.locator('th, td').allTextContents()).map((cell) => cell.replace(/\s/g, ' ').trim())).toEqual(['Marta Valora', '1', '90,00 €', '90,00 €']);
  expect(suite.pageErrors).toEqual([]);
});

it("says so when the range has no rating", async () => {
  await db().delete(feedbackRequests);
  const page = await openStatistics();
  const ratings = page.getByRole('region', { name: text.title, exact: true });
  await ratings.getByText(text.empty).waitFor();
  expect(await page.getByRole('region', { name: text.comments }).count()).toBe(0);
});

it("shows the rating and the comment in the booking's detail; sala sees the rating alone", async () => {
  const page = await suite.openAdmin('/admin');
  await openBooking(page, 'Marta Valora');
  const section = page.getByRole('region', { name: text.booking.heading });
  await section.getByText(formatMessage(text.booking.rating, { rating: 4 })).waitFor();
  await section.getByText(COMMENT).waitFor();

  const email = uniqueEmail('sala');
  await insertStaff(db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['floor'] });
  const floor = await suite.openAdmin('/admin', { email });
  await openBooking(floor, 'Marta Valora');
  const floorSection = floor.getByRole('region', { name: text.booking.heading });
  await floorSection.getByText(text.booking.commentHidden).waitFor();
  expect(await floorSection.getByText(formatMessage(text.booking.rating, { rating: 4 })).count()).toBe(1);
  expect(await floorSection.getByText(COMMENT).count()).toBe(0);
});
