// Issue 48, decision 048: /api/docs shows the API reference in Chromium, every file from Mesa itself, under Mesa's own
// CSP (script-src 'self', style-src 'self', no 'unsafe-inline'), with no violation and no script error.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/server/platform/http-security.ts';
import { launchBrowser, testWebRoot } from '../support/browser.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let requested: string[];

beforeAll(async () => {
  // The built client too: the page's icon is Mesa's own /favicon.svg.
  app = await createTestApp({ listen: true, webRoot: testWebRoot() });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});
beforeEach(async () => {
  page = await browser.newPage();
  pageErrors = [];
  requested = [];
  // A CSP violation shows up as a console error, and as the document's event, caught from before any script runs.
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => requested.push(request.url()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
});

const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('the API reference at /api/docs', () => {
  it('shows the public booking API from /api/openapi.json, under Mesa\'s CSP, with no violation', async () => {
    const response = await page.goto(`${app.instance.url}/api/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);

    const booking = page.getByText('Request a reservation', { exact: true });
    await expect.poll(() => booking.count()).toBe(1);
    expect(await page.getByText('/api/public/reservations', { exact: true }).count()).toBe(1);

    // Opened, the operation shows its request body's fields, from the same schema the route validates with.
    await booking.click();
    await expect.poll(() => page.locator('.opblock-body').first().textContent()).toContain('"customerName"');

    expect(pageErrors).toEqual([]);
    expect(await violations()).toEqual([]);
    // Nothing but Mesa itself: no CDN, no outside validator badge.
    const origin = new URL(app.instance.url).origin;
    expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  });
});
