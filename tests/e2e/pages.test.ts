import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, testWebRoot } from '../support/browser.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
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
  // A Content-Security-Policy violation or a script error shows up here.
  page.on('console', (message) => {
    // The not-found page's own 404 status is reported as a failed load of the document: expected, not an error.
    const isDocument404 = message.text().includes('status of 404') && message.location().url.endsWith('/no-existe');
    if (message.type() === 'error' && !isDocument404) pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

describe('public pages in Chromium', () => {
  it('loads the landing page with the restaurant name and welcome message from the settings', async () => {
    const response = await page.goto(app.instance.url);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('banner').getByText('Mi Restaurante', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('Bienvenido a nuestro restaurante').first().isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('shows the not-found page for an unknown path, with a 404 status and a link home', async () => {
    const response = await page.goto(`${app.instance.url}/no-existe`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page not found').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    // Issue 50: the language switcher is inside a landmark, as all of the page's content is.
    expect(await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL(`${app.instance.url}/`);
    await expect.poll(() => page.getByRole('banner').getByText('Mi Restaurante', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
