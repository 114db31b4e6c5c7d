// The strict Content-Security-Policy against what the libraries insert at run time (issue 51, decision 058): the
// scroll lock of a Radix dialog (a <style> carrying the page's nonce) and sonner's stylesheet (allowed by its hash)
// apply, and Chromium reports no violation.
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-messages.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';

const admin = staffMessages.admin;
const suite = useBrowserSuite({ now: new Date('2026-11-24T10:00:00Z') });

/** Every `securitypolicyviolation` of the context's pages, kept in the page for `violations`. */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, 'cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** The scroll lock as it shows: the body's overflow, and whether a <style> of the lock is in <head> and applied. */
const scrollLock = (page: Page) =>
  page.evaluate(() => ({
    overflow: getComputedStyle(document.body).overflow,
    styleApplied: [...document.head.querySelectorAll('style')].some((style) => style.textContent?.includes('data-scroll-locked') && style.sheet !== null),
  }));

it("locks the page's scroll under a dialog and shows sonner's toast as styled, with no CSP violation", async () => {
  const context = await suite.adminContext();
  await recordViolations(context);
  const page = await suite.openAdmin('/admin', { context });
  await page.getByRole('button', { name: admin.today.addManual }).waitFor();
  expect(await scrollLock(page)).toEqual({ overflow: 'visible', styleApplied: false });

  await page.getByRole('button', { name: admin.today.blockDay }).click();
  const dialog = page.getByRole('dialog', { name: admin.blockDay.title });
  await dialog.waitFor();
  await expect.poll(() => scrollLock(page)).toEqual({ overflow: 'hidden', styleApplied: true });

  await dialog.getByLabel(admin.blockDay.date, { exact: true }).fill('2026-12-10');
  await dialog.getByRole('button', { name: admin.blockDay.submit }).click();
  await page.getByRole('dialog', { name: admin.blockDay.confirmTitle }).getByRole('button', { name: admin.blockDay.confirm }).click();
  const shown = toast(page, admin.toasts.dayBlocked);
  await shown.waitFor();
  // Rules of sonner's own stylesheet, which nothing else sets.
  expect(await page.locator('[data-sonner-toaster]').evaluate((toaster) => getComputedStyle(toaster).position)).toBe('fixed');
  expect(await shown.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('8px');
  // The block-day dialog stays open for another day; closed, it lets the page scroll again.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => scrollLock(page)).toEqual({ overflow: 'visible', styleApplied: false });

  expect(await violations(page)).toEqual([]);
  expect(suite.pageErrors).toEqual([]);
});
