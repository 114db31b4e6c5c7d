import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The screen of the admin's pages unless a test asks for another. */
const DESKTOP = { width: 1280, height: 900 };

export interface NewContextOptions extends NonNullable<ContextOptions> {
  /** Store a cookie choice before any page loads, so the banner stays out of the way (default true). */
  consent?: boolean;
}

export interface OpenAdminOptions extends NewContextOptions {
  /** Sign in as this user (an admin with ADMIN_PASSWORD) instead of the suite's admin. */
  email?: string;
  /** Open the page in this context rather than a new one (the context options are then not used). */
  context?: BrowserContext;
  /** Runs on the signed-in page before it goes to `path`: routes to install, say. */
  before?: (page: Page) => Promise<unknown>;
}

export interface BrowserSuite {
  readonly app: TestApp;
  readonly browser: Browser;
  /** The frozen server clock, reset to `now` before each test; undefined when the suite runs on the real clock. */
  readonly clock: ManualClock | undefined;
  readonly adminEmail: string;
  url(path: string): string;
  db(): TestApp['database']['handle']['db'];
  /**
   * A Spanish browser whose clock reads `now` (the real time without it), with cookie consent already given unless
   * `consent: false`; closed after the test.
   */
  newContext(options?: NewContextOptions): Promise<BrowserContext>;
  /** Collects the page's console errors and exceptions: each test fails if there were any. */
  watch(page: Page): Page;
  /** The current test's page errors so far, for a test that checks them before its end. */
  readonly pageErrors: readonly string[];
  /** Console errors matching one of these patterns are not page errors, until the end of the current test. */
  ignoreErrors(...patterns: RegExp[]): void;
  /**
   * The admin (or `email`) signed in through the /auth form (once per user and suite, then by the stored session)
   * on `path`, once the header shows the user.
   */
  openAdmin(path?: string, options?: OpenAdminOptions): Promise<Page>;
  /** A new context holding the admin's stored session (signing in through /auth first when there is none). */
  adminContext(options?: NewContextOptions): Promise<BrowserContext>;
}

/**
 * The common frame of a browser test file: a listening test app, one admin, Chromium, and the hooks that open and
 * close them. With `now` the server and every browser read that instant, frozen; without it, the real clock. `env`:
 * environment variables for the server's config (EMBED_ORIGINS, say). Call it
 * at the top level of the test file.
 */
export function useBrowserSuite({ now, env }: { now?: Date; env?: Record<string, string> } = {}): BrowserSuite {
  const clock = now ? new ManualClock(now) : undefined;
  const contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];
  let ignored: RegExp[] = [];
  const sessions = new Map<string, StorageState>();
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  const adminEmail = `admin-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    app = await createTestApp({ listen: true, webRoot: testWebRoot(), clock, env });
    await upsertAdmin(app.database.handle.db, adminEmail, ADMIN_PASSWORD);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(() => {
    if (clock && now) clock.set(now);
    pageErrors = [];
    ignored = [];
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors).toEqual([]);
  });

  /** The /auth form, filled and sent; waits for the welcome toast and /admin. */
  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(suite.url('/auth'));
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await toast(page, 'Bienvenido').waitFor();
    await page.waitForURL(suite.url('/admin'));
  }

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

    async newContext({ consent = true, ...options } = {}) {
      const context = await browser!.newContext({ locale: 'es-ES', ...options });
      contexts.push(context);
      context.setDefaultTimeout(BROWSER_WAIT_MS);
      if (now) await context.clock.setFixedTime(now);
      if (consent) {
        const stored = JSON.stringify({
          version: CONSENT_POLICY_VERSION,
          date: (now ?? new Date()).toISOString(),
          preferences: { necessary: true, analytics: false, marketing: false },
        });
        await context.addInitScript(
          ([key, value]) => {
            // Chromium's own error pages (an offline load, say) have no storage.
            if (window.location.protocol.startsWith('http')) window.localStorage.setItem(key!, value!);
          },
          [COOKIE_CONSENT_STORAGE_KEY, stored],
        );
      }
      return context;
    },

    watch(page) {
      page.on('console', (message) => {
        const text = message.text();
        // A refused request (a 4xx the test provokes) is logged by Chromium as a failed load, not a script error.
        if (message.type() !== 'error' || text.startsWith('Failed to load resource')) return;
        if (!ignored.some((pattern) => pattern.test(text))) pageErrors.push(text);
      });
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    },

    get pageErrors() {
      return pageErrors;
    },

    ignoreErrors(...patterns) {
      ignored.push(...patterns);
    },

    async openAdmin(path = '/admin', { email = adminEmail, context, before, ...options } = {}) {
      const stored = sessions.get(email);
      context ??= await suite.newContext({ viewport: DESKTOP, ...options, storageState: stored });
      const page = suite.watch(await context.newPage());
      if (!stored) {
        await signIn(page, email);
        sessions.set(email, await context.storageState());
      }
      await before?.(page);
      if (stored || before || path !== '/admin') await page.goto(suite.url(path));
      await page.getByRole('banner').getByText(email).waitFor();
      await hydrated(page);
      return page;
    },

    async adminContext(options = {}) {
      // The first sign-in goes through the form; its session is then shared by every context.
      if (!sessions.has(adminEmail)) await suite.openAdmin();
      return suite.newContext({ viewport: DESKTOP, ...options, storageState: sessions.get(adminEmail) });
    },
  };
  return suite;
}

/**
 * Once a page the server rendered (decision 024) is React's: #root is `inert` until its hydration ends. A page the
 * browser rendered itself never has it.
 */
export const hydrated = (page: Page) => page.locator('#root:not([inert])').waitFor({ state: 'attached' });

/** A sonner toast holding `text`. */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/**
 * A booking of the Reservas tab's service view, opened: its row (a button named by the customer) is clicked and its
 * card (an article named the same way) is returned, beside the list on a laptop or full screen on a phone.
 */
export async function openBooking(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name, exact: true }).click();
  const card = page.getByRole('article', { name, exact: true });
  await card.waitFor();
  return card;
}
