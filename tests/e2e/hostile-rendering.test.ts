import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBooking, useBrowserSuite } from '../support/admin-browser.ts';

// What is typed into a reservation is shown to the staff as text, never run as markup (issue 9): a booking whose
// name and note are HTML reaches the Reservas, Historial and Mesas screens as the same characters, with no element, no script
// and no dialog created from them. Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const HOSTILE_NOTE = '<script>alert("nota")</script><b>negrita</b>';

const suite = useBrowserSuite({ now: NOW });

/** The public form refuses '<' in names and notes; staff typing a manual reservation are not held to that. */
async function bookHostileGuest(): Promise<void> {
  const response = await suite.app.request({
    method: 'POST',
    url: '/api/admin/reservations',
    cookie: await suite.app.signIn(),
    payload: {
      customerName: HOSTILE_NAME,
      customerPhone: '600 123 456',
      numberOfPeople: 2,
      reservationDate: TODAY,
      reservationTime: '14:00',
      notes: HOSTILE_NOTE,
    },
  });
  expect(response.statusCode).toBe(201);
}

/** Fails the test on any dialog (alert) and counts elements the hostile text would have created. */
function guard(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

async function expectNoInjectedMarkup(page: Page): Promise<void> {
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('b', { hasText: 'negrita' }).count()).toBe(0);
  expect(await page.evaluate(() => [...document.scripts].some((script) => script.textContent?.includes('nota')))).toBe(false);
}

describe('reservation text in the staff screens', () => {
  it('shows a name and a note written as HTML as plain text on Reservas, Historial and Mesas', async () => {
    await bookHostileGuest();
    const page = await suite.openAdmin('/admin');
    const seen = guard(page);

    await page.getByText(HOSTILE_NAME, { exact: true }).first().waitFor();
    await expectNoInjectedMarkup(page);
    // The note is on the booking's card, in the detail of its row.
    await (await openBooking(page, HOSTILE_NAME)).getByText(HOSTILE_NOTE).waitFor();
    await expectNoInjectedMarkup(page);

    await page.goto(suite.url('/admin?tab=historial'));
    await page.getByText(HOSTILE_NAME, { exact: true }).first().waitFor();
    await expectNoInjectedMarkup(page);

    await page.goto(suite.url('/admin?tab=mesas'));
    await page.getByText(HOSTILE_NAME, { exact: true }).first().waitFor();
    await expectNoInjectedMarkup(page);

    expect(seen.dialogs).toEqual([]);
  });
});
