import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_PROMPT_DISMISS_DAYS } from '@shared/limits.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { pushMessages } from '@shared/staff-messages/notifications.ts';
import { pushSubscriptions, users } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, hydrated, toast, useBrowserSuite } from '../support/admin-browser.ts';

// Mesa as an installable app (issue 8): the manifest and its icons, the service worker (offline page for /admin,
// push notifications), the install-app card of spec point 2 and the Push tab, in Debian's headless Chromium.

const admin = staffMessages.admin;
const WAIT = BROWSER_WAIT_MS;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The offline page's texts live in public/offline.html, outside the message catalogue (it is static HTML). */
const OFFLINE_TITLE = 'Sin conexión';
const OFFLINE_LINE = 'No hay conexión a internet. La página se volverá a cargar sola cuando vuelva la red.';
/** install-prompt-storage.ts's key. */
const DISMISSED_KEY = 'mesa-install-prompt-dismissed-at';

// The real clock: the install card's test sets each page's own.
const suite = useBrowserSuite();
const adminEmail = suite.adminEmail;
let adminId: string;
const url = (path: string) => suite.url(path);
const origin = () => new URL(suite.app.instance.url).origin;

beforeAll(async () => {
  const [row] = await suite.db().select({ id: users.id }).from(users).where(eq(users.email, adminEmail));
  adminId = row!.id;
});

/** The service worker's registration as the page sees it, once navigator.serviceWorker.ready resolves. */
function readyRegistration(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scriptURL: registration.active?.scriptURL ?? null, scope: registration.scope };
  });
}

/** PNG signature, then the IHDR chunk: width and height as big-endian 32-bit integers at bytes 16 and 20. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

describe('the web app manifest', () => {
  it('is linked by the page, served as a manifest and complete, with 192 and 512 px PNG icons that exist', async () => {
    const html = await (await fetch(url('/'))).text();
    const href = /<link\s+rel="manifest"\s+href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBe('/manifest.webmanifest');

    const response = await fetch(url(href!));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/(manifest\+)?json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Mesa',
      short_name: 'Mesa',
      lang: 'es',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // The page's own theme-color agrees with the manifest's.
    expect(html).toContain(`<meta name="theme-color" content="${String(manifest.theme_color)}"`);

    const pngSizes = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes);
    expect(pngSizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const iconResponse = await fetch(url(icon.src));
      expect(iconResponse.status, icon.src).toBe(200);
      expect(iconResponse.headers.get('content-type'), icon.src).toBe(icon.type);
      if (icon.type !== 'image/png') continue;
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await iconResponse.arrayBuffer())), icon.src).toEqual({ width, height });
    }
  });

  it("is read by Chromium without errors, and Chromium finds nothing that stops the install but the test's private profile", async () => {
    const context = await suite.adminContext();
    const page = await suite.openAdmin('/admin?tab=push', { context });
    await readyRegistration(page);
    await page.reload();
    await page.getByRole('banner').getByText(adminEmail).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const cdp = await context.newCDPSession(page);
    const { url: manifestUrl, errors, parsed } = await cdp.send('Page.getAppManifest', {});
    expect(manifestUrl).toBe(url('/manifest.webmanifest'));
    expect(errors).toEqual([]);
    expect(parsed).toBeTruthy();
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are off the record, where Chromium never offers installation; nothing else may be missing.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });
});

describe('the service worker', () => {
  it('registers at /service-worker.js with scope / and is revalidated on every update check', async () => {
    const context = await suite.adminContext();
    const page = await suite.openAdmin('/admin?tab=push', { context });
    const registration = await readyRegistration(page);
    expect(registration.scriptURL).toBe(url('/service-worker.js'));
    expect(registration.scope).toBe(`${origin()}/`);

    const response = await fetch(url('/service-worker.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    // A cached worker would keep old code in the staff's browsers; the scope is the script's own folder, so no header.
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBeNull();
  });

  it('answers /admin with its offline page when the network is down, and reloads the panel when it returns', async () => {
    const context = await suite.adminContext();
    const page = await suite.openAdmin('/admin?tab=push', { context });
    await readyRegistration(page);
    // clients.claim() hands the open page to the worker; then /admin is loaded once through it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto(url('/admin'));
    await page.getByRole('banner').getByText(adminEmail).waitFor();

    await context.setOffline(true);
    await page.goto(url('/admin?tab=reservas'));
    await page.getByRole('heading', { level: 1, name: OFFLINE_TITLE }).waitFor();
    await page.getByText(OFFLINE_LINE).waitFor();
    // The page's stylesheet came from the worker's cache too (the CSP allows no inline style).
    expect(await page.getByRole('heading', { name: OFFLINE_TITLE }).evaluate((h) => getComputedStyle(h).color)).toBe(
      'rgb(180, 83, 9)',
    );
    expect(page.url()).toBe(url('/admin?tab=reservas'));

    // The public side is not the worker's business: Chromium's own offline error.
    const other = suite.watch(await context.newPage());
    await expect(other.goto(url('/'))).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await other.close();

    // offline.js reloads the page when the network comes back: the panel is there again, at the same address.
    await context.setOffline(false);
    await page.getByRole('banner').getByText(adminEmail).waitFor();
    expect(page.url()).toBe(url('/admin?tab=reservas'));
  });

  it('turns a push message into a notification that carries /admin as the page to open', async () => {
    const context = await suite.adminContext();
    await context.grantPermissions(['notifications'], { origin: origin() });
    const page = await suite.openAdmin('/admin?tab=push', { context });
    await readyRegistration(page);

    // A push as the server sends it (spec point 7's payload), delivered by Chromium's DevTools protocol: a real
    // push event in the worker, without the push service headless Chromium cannot reach.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((candidate) => candidate.scopeURL === `${origin()}/` && !candidate.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = {
      title: 'Nueva reserva',
      message: 'Ana García · 2 personas · 24/11/2026 13:00',
      url: '/admin',
      reservationData: { customerName: 'Ana García', reservationDate: '2026-11-24', reservationTime: '13:00', numberOfPeople: 2 },
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: origin(),
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });

    // Polled: the push event is handled in the worker, a moment after the protocol call returns.
    const shownNotifications = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          lang: n.lang,
          data: n.data as unknown,
        }));
      });
    await expect
      .poll(shownNotifications, { timeout: WAIT })
      .toEqual([
        {
          title: 'Nueva reserva',
          body: payload.message,
          tag: 'reservation-2026-11-24-13:00-Ana García',
          lang: 'es',
          data: { url: '/admin' },
        },
      ]);
  });
});

describe('the install-app card (spec point 2)', () => {
  const text = admin.installApp;
  const T0 = Date.parse('2026-11-24T10:00:00Z');

  /** A synthetic beforeinstallprompt, as Chromium fires it; prompt() calls are counted on window. True if the app kept it. */
  function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted'): Promise<boolean> {
    return page.evaluate((choice) => {
      const w = window as unknown as { installPrompts?: number };
      w.installPrompts ??= 0;
      let answer: (value: { outcome: string; platform: string }) => void = () => {};
      const userChoice = new Promise<{ outcome: string; platform: string }>((resolve) => (answer = resolve));
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        userChoice,
        prompt: () => {
          w.installPrompts! += 1;
          answer({ outcome: choice, platform: 'web' });
          return Promise.resolve();
        },
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    }, outcome);
  }

  const installCard = (page: Page) => page.getByRole('region', { name: text.title });
  const prompts = (page: Page) => page.evaluate(() => (window as unknown as { installPrompts?: number }).installPrompts ?? 0);
  const storedDismissal = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), DISMISSED_KEY);

  /** The panel with its Today tab drawn, so the shell's effects (the card's listener among them) have run. */
  async function panelAt(page: Page, time: number): Promise<void> {
    await page.clock.setFixedTime(time);
    await page.goto(url('/admin'));
    await page.getByRole('banner').getByText(adminEmail).waitFor();
    await page.getByRole('button', { name: admin.today.addManual }).waitFor();
    await hydrated(page);
  }

  it("appears bottom-left when the browser offers installation; 'Instalar' prompts, 'Ahora no' hides it for 7 days", async () => {
    const context = await suite.adminContext();
    const page = suite.watch(await context.newPage());
    await panelAt(page, T0);
    await expect(installCard(page).count()).resolves.toBe(0);

    // The offer: the card, bottom-left, with its texts.
    expect(await offerInstall(page)).toBe(true);
    const card = installCard(page);
    await card.waitFor();
    await card.getByText(text.description).waitFor();
    const box = (await card.boundingBox())!;
    expect(box.x).toBeLessThanOrEqual(32);
    expect(box.y + box.height).toBeGreaterThanOrEqual(900 - 32);
    expect(box.x + box.width).toBeLessThan(1280 / 2);

    // 'Instalar' hands the offer to the browser's own dialog; accepted, nothing is remembered.
    await card.getByRole('button', { name: text.install, exact: true }).click();
    await card.waitFor({ state: 'detached' });
    expect(await prompts(page)).toBe(1);
    expect(await storedDismissal(page)).toBeNull();

    // A new offer, and 'Ahora no': hidden, and the moment is stored.
    expect(await offerInstall(page)).toBe(true);
    await card.getByRole('button', { name: text.dismiss, exact: true }).click();
    await card.waitFor({ state: 'detached' });
    expect(await prompts(page)).toBe(1);
    expect(await storedDismissal(page)).toBe(String(T0));

    // Within the 7 days the browser's offers are left alone, even after a reload.
    await panelAt(page, T0 + (INSTALL_PROMPT_DISMISS_DAYS - 1) * DAY_MS);
    expect(await offerInstall(page)).toBe(false);
    await expect(installCard(page).count()).resolves.toBe(0);

    // Eight days later the card is back.
    await panelAt(page, T0 + (INSTALL_PROMPT_DISMISS_DAYS + 1) * DAY_MS);
    expect(await offerInstall(page)).toBe(true);
    await installCard(page).waitFor();
  });

  it("remembers a refusal in the browser's own install dialog like 'Ahora no'", async () => {
    const context = await suite.adminContext();
    const page = suite.watch(await context.newPage());
    await panelAt(page, T0);
    expect(await offerInstall(page, 'dismissed')).toBe(true);
    await installCard(page).getByRole('button', { name: text.install, exact: true }).click();
    await installCard(page).waitFor({ state: 'detached' });
    expect(await prompts(page)).toBe(1);
    await expect.poll(() => storedDismissal(page), { timeout: WAIT }).toBe(String(T0));
  });
});

describe('the Push tab in headless Chromium', () => {
  it("'Activar notificaciones' with the permission granted: a spec error (no push service) or a stored subscription", async () => {
    const context = await suite.adminContext();
    await context.grantPermissions(['notifications'], { origin: origin() });
    const page = await suite.openAdmin('/admin?tab=push', { context });
    // Chromium's own warning when pushManager.subscribe is called in an off-the-record profile: not a page error.
    suite.ignoreErrors(/^Chrome currently does not support the Push API in incognito mode/);
    await page.getByText(pushMessages.installTitle).waitFor();
    const activate = page.getByRole('button', { name: pushMessages.activate });
    await activate.waitFor();
    await activate.click();

    const active = page.getByRole('status').filter({ hasText: pushMessages.active });
    const outcome = toast(page, admin.errors.pushSetup).or(toast(page, admin.errors.pushActivate)).or(active);
    // The worker may take 10 s to be declared unready, and the push service as long to refuse.
    await outcome.first().waitFor({ timeout: 45_000 });

    const stored = await suite
      .db()
      .select({ userId: pushSubscriptions.userId, role: pushSubscriptions.role })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, adminId));
    if (await active.isVisible()) {
      expect(stored).toEqual([{ userId: adminId, role: 'admin' }]);
    } else {
      // Without a push service the subscription fails: one of the spec's messages, nothing stored, and the button
      // is offered again.
      expect(stored).toEqual([]);
      await activate.waitFor();
      expect(await activate.isEnabled()).toBe(true);
    }
  }, 90_000);
});
