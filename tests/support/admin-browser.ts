import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { CONSENT_POLICY_VERSION, COOKIE_CONSENT_STORAGE_KEY } from '@shared/limits.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { launchBrowser, testWebRoot } from './browser.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const ADMIN_PASSWORD = 'correct-horse-battery-staple-42';
/** Playwright's own waits; the machine running the suite may be slow. */
export const BROWSER_WAIT_MS = 15_000;

type ContextOptions = Parameters<Browser['newContext']>[0];

export interface BrowserSuite {
  readonly app: TestApp;
  readonly browser: Browser;
  /** The frozen server clock; reset to `now` before each test. */
  readonly clock: ManualClock;
  readonly adminEmail: string;
  url(path: string): string;
  db(): TestApp['database']['handle']['db'];
  /** A Spanish browser whose clock reads `now`, with cookie consent already given; closed after the test. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** Collects the page's console errors and exceptions: each test fails if there were any. */
  watch(page: Page): Page;
  /** The admin signed in through the /auth form (once per suite, then by the stored session) on `path`. */
  openAdmin(path?: string, options?: ContextOptions): Promise<Page>;
}

/**
 * The common frame of a browser test file: a listening test app with a frozen clock, one admin, Chromium, and the
 * hooks that open and close them. Call it at the top level of the test file.
 */
export function useBrowserSuite({ now }: { now: Date }): BrowserSuite {
  const clock = new ManualClock(now);
  const contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];
  let adminState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  const adminEmail = `admin-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    app = await createTestApp({ listen: true, webRoot: testWebRoot(), clock });
    await upsertAdmin(app.database.handle.db, adminEmail, ADMIN_PASSWORD);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(() => {
    clock.set(now);
    pageErrors = [];
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors).toEqual([]);
  });

  const suite: BrowserSuite = {
    get app() {
      return app!;
    },
    get browser() {
      return browser!;
    },
    clock,
    adminEmail,
    url: (path) => `${app!.instance.url}${path}`,
    db: () => app!.database.handle.db,

    async newContext(options = {}) {
      const context = await browser!.newContext({ locale: 'es-ES', ...options });
      contexts.push(context);
      context.setDefaultTimeout(BROWSER_WAIT_MS);
      await context.clock.setFixedTime(now);
      const consent = JSON.stringify({
        version: CONSENT_POLICY_VERSION,
        date: now.toISOString(),
        preferences: { necessary: true, analytics: false, marketing: false },
      });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [
        COOKIE_CONSENT_STORAGE_KEY,
        consent,
      ]);
      return context;
    },

    watch(page) {
      page.on('console', (message) => {
        // A refused request (a 4xx the test provokes) is logged by Chromium as a failed load, not a script error.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          pageErrors.push(message.text());
        }
      });
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    },

    async openAdmin(path = '/admin', options = {}) {
      const context = await suite.newContext({ viewport: { width: 1280, height: 900 }, ...options, storageState: adminState });
      const page = suite.watch(await context.newPage());
      if (!adminState) {
        await page.goto(suite.url('/auth'));
        await page.getByLabel('Email', { exact: true }).fill(adminEmail);
        await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
        await page.getByRole('button', { name: 'Iniciar sesión' }).click();
        await page.waitForURL(suite.url('/admin'));
        adminState = await context.storageState();
        if (path !== '/admin') await page.goto(suite.url(path));
      } else {
        await page.goto(suite.url(path));
      }
      await page.getByRole('banner').getByText(adminEmail).waitFor();
      return page;
    },
  };
  return suite;
}

/** A sonner toast holding `text`. */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
