import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { BOOKING_WIDGET_PATH } from '@shared/routes.ts';
import { longDate } from '../../src/web/features/booking/calendar-dates.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { uniqueEmail } from '../support/factories.ts';
import { consentBox, fillGuest, openGuestForm, pickDate, showCalendarDay } from '../support/guest-form.ts';

// The guest's booking pages against WCAG 2.2 AA as axe-core checks it (issue 25): the form, its calendar open, the
// summary after a booking, the guest's private page and the embeddable form. A 390 px phone, frozen on Tuesday
// 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const WEDNESDAY = '2026-11-25';
const PHONE = { width: 390, height: 844 };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const form = messages.reservation.form;
const suite = useBrowserSuite({ now: NOW });

// A restaurant as an owner sets it up: two phones and an address, which the guest pages show as links.
beforeAll(async () => {
  const saved = await suite.app.request({
    method: 'PATCH',
    url: '/api/admin/settings',
    cookie: await suite.app.signIn(),
    payload: { contactPhone1: '+34 910 000 111', contactPhone2: '+34 600 000 222', address: 'Calle Mayor 1, 28013 Madrid' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

/** axe's violations on the page as it is now, one line each: the rule, its impact and the elements. */
async function violations(page: Page): Promise<string[]> {
  // A toast sliding in is half transparent: axe would blend its text into the page behind it. Judge what stays:
  // every toast fully opaque (its fade may not have started when no animation runs yet), and two frames in a row
  // with no finite animation running.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const settled = () =>
          [...document.querySelectorAll('[data-sonner-toast]')].every((toast) => getComputedStyle(toast).opacity === '1') &&
          document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(settled())));
      }),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(' | ')}`,
  );
}

/** WCAG's contrast ratio of two computed 'rgb(r, g, b)' colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('axe on the guest booking pages, on a 390 px phone', () => {
  it('finds nothing on the form, with the calendar open, on the summary and on the guest page it links', async () => {
    const page = await openGuestForm(suite, PHONE);
    expect(await violations(page)).toEqual([]);

    // The calendar open, once the month's answer has marked today.
    await showCalendarDay(page, WEDNESDAY);
    await page.getByRole('button', { name: `${messages.reservation.calendar.today}, ${longDate('2026-11-24')}`, exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);

    // A booking, and the summary above the emptied form.
    await fillGuest(page, uniqueEmail('axe'));
    await pickDate(page, WEDNESDAY);
    await page.getByLabel(form.time, { exact: true }).selectOption('14:00');
    await consentBox(page).check();
    await page.getByRole('button', { name: form.submit }).click();
    const manage = page.getByRole('link', { name: messages.reservation.summary.manage });
    await manage.waitFor();
    // The toaster loads after the summary shows: judge the page once its toast is in, with the pointer resting on it
    // so that sonner holds it (a slow machine's axe run can outlast the toast's four seconds and catch it fading out).
    await page.getByText(messages.reservation.success.description).hover();
    expect(await violations(page)).toEqual([]);
    // Issue 50: sonner's own success green reads 4.29:1 on its background; Mesa's is darker.
    const [text, background] = await page
      .locator('[data-sonner-toast][data-type="success"]')
      .evaluate((toast) => [getComputedStyle(toast).color, getComputedStyle(toast).backgroundColor]);
    expect(contrastRatio(text!, background!)).toBeGreaterThanOrEqual(4.5);

    // The guest's private page, from the summary's link.
    await manage.click();
    await page.getByRole('heading', { name: selfServiceMessages.title, level: 1 }).waitFor();
    await page.getByTestId('guest-status').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('finds nothing on the embeddable booking form', async () => {
    const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = suite.watch(await context.newPage());
    expect((await page.goto(suite.url(BOOKING_WIDGET_PATH)))?.status()).toBe(200);
    await page.getByRole('button', { name: form.submit }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
