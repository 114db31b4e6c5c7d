import type { Page } from 'playwright-core';
import { messages } from '@shared/messages.ts';
import type { BrowserSuite } from './admin-browser.ts';

const form = messages.reservation.form;

/** The guest page on a 360 px touch phone, once the booking form is ready. */
export async function openGuestForm(suite: BrowserSuite): Promise<Page> {
  const context = await suite.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  await page.goto(suite.url('/'));
  await page.getByRole('button', { name: form.submit }).waitFor();
  return page;
}

/** The label and state of one option of the form's time select: '14:00 (Completo)|disabled'. */
export function timeOption(page: Page, time: string): Promise<string> {
  return page
    .getByLabel(form.time, { exact: true })
    .locator(`option[value="${time}"]`)
    .evaluate((option) => `${option.textContent}|${(option as HTMLOptionElement).disabled ? 'disabled' : 'enabled'}`);
}
