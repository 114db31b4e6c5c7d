import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { uniqueEmail } from '../support/factories.ts';
import { consentBox, fillGuest, pickDate } from '../support/guest-form.ts';

// Issue 48, item 4: a guest who came by the restaurant's booking link on Google books on a phone; staff see
// 'Origen: Google' on the booking's card. Tuesday 24 November 2026, 11:00 in Madrid, frozen.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';
const form = messages.reservation.form;
const suite = useBrowserSuite({ now: NOW });
const letters = () => Array.from(randomUUID().replace(/-/g, '').slice(0, 6), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('');

describe("a booking from Google's booking link", () => {
  it("is 'Origen: Google' on its card, and a booking from the plain page is not", async () => {
    const names = { google: `Desde Google ${letters()}`, plain: `Desde Web ${letters()}` };
    // The same phone (fillGuest's) at two times far enough apart to be two stays.
    for (const [origin, path, time] of [['google', '/?utm_source=google', '14:00'], ['plain', '/', '17:30']] as const) {
      const context = await suite.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
      const page = suite.watch(await context.newPage());
      await page.goto(suite.url(path));
      await page.getByRole('button', { name: form.submit }).waitFor();
      await fillGuest(page, uniqueEmail(origin), names[origin]);
      await page.getByLabel(form.people, { exact: true }).selectOption('2');
      await pickDate(page, TODAY);
      await page.getByLabel(form.time, { exact: true }).selectOption(time);
      await consentBox(page).check();
      await page.getByRole('button', { name: form.submit }).click();
      await toast(page, messages.reservation.success.title).waitFor({ timeout: BROWSER_WAIT_MS });
      await context.close();
    }
    const [booked] = await suite.db().select({ source: reservations.source }).from(reservations).where(eq(reservations.customerName, names.google));
    expect(booked?.source).toBe('google');

    const page = await suite.openAdmin('/admin', { viewport: { width: 1366, height: 900 } });
    const fromGoogle = await openBooking(page, names.google);
    await fromGoogle.getByText(staffMessages.admin.today.originGoogle, { exact: true }).waitFor();
    const fromWeb = await openBooking(page, names.plain);
    expect(await fromWeb.getByText(staffMessages.admin.today.originGoogle, { exact: true }).count()).toBe(0);
  });
});
