import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { freePort } from '../support/server-process.ts';

// Issue 25, item 4 (decision 028): a restaurant's own website, served from another origin, shows Mesa's booking
// form through /embed.js. One host server answers as http://localhost:<port> (listed in EMBED_ORIGINS) and as
// http://127.0.0.1:<port> (not listed): two origins, one page. Frozen on Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const WEDNESDAY = '2026-11-25';
const RESTAURANT = 'Casa Pepe';
const PHONE = { width: 390, height: 844 };

const form = messages.reservation.form;
const hostPort = await freePort();
const ALLOWED_HOST = `http://localhost:${hostPort}`;
const REFUSED_HOST = `http://127.0.0.1:${hostPort}`;

const suite = useBrowserSuite({ now: NOW, env: { EMBED_ORIGINS: ALLOWED_HOST } });
let host: Server;

/** The restaurant's own page: some content, the snippet of Configuración › General, more content below. */
const hostPage = (mesa: string) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${RESTAURANT} · Cocina de mercado</title></head>
<body style="margin:0;padding:16px;font-family:sans-serif">
<h1>${RESTAURANT}</h1><p>Cocina de mercado en el centro.</p>
<script src="${mesa}/embed.js" async></script>
<div data-mesa-reservas></div>
<footer id="pie">Calle Mayor 1</footer>
</body></html>`;

beforeAll(async () => {
  await suite.db().update(restaurantConfig).set({ name: RESTAURANT });
  host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(suite.app.instance.url));
  });
  await new Promise<void>((resolve) => host.listen(hostPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
});

/** The host page at `origin` on a phone, with no cookie choice stored anywhere. */
async function openHost(origin: string): Promise<Page> {
  const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, consent: false });
  const page = suite.watch(await context.newPage());
  await page.goto(`${origin}/`);
  return page;
}

const widgetFrame = (page: Page) => page.locator('iframe[data-mesa-reservas-frame]');
const widget = (page: Page): FrameLocator => page.frameLocator('iframe[data-mesa-reservas-frame]');

/** The frame's height on the host page, and the height of the page inside it. */
async function heights(page: Page): Promise<{ frame: number; content: number }> {
  const frame = await widgetFrame(page).evaluate((element) => element.getBoundingClientRect().height);
  const inner = page.frames().find((candidate) => candidate.url().endsWith('/reservar'));
  const content = inner ? await inner.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)) : -1;
  return { frame: Math.round(frame), content };
}

/** Whether the frame is exactly as tall as the page in it (and, with `than`, taller than that). */
async function sizedToContent(page: Page, than = 0): Promise<boolean> {
  const { frame, content } = await heights(page);
  return frame === content && frame > than;
}

/** Whether the element lies wholly inside the phone's screen. */
async function inView(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
}

/** The date picked in the form's calendar, as tests/support/guest-form.ts#pickDate does on a page. */
async function pickDate(frame: FrameLocator, date: string): Promise<void> {
  const calendar = frame.locator('#booking-date-calendar');
  const day = calendar.locator(`td[data-day="${date}"] button`);
  await frame.getByRole('button', { name: new RegExp(`^${form.date} `) }).click();
  await calendar.getByRole('grid').first().waitFor();
  for (let turns = 0; turns < 4 && !(await day.isVisible()); turns += 1) {
    await frame.getByRole('button', { name: messages.reservation.calendar.nextMonth }).click();
  }
  await day.click();
  await calendar.waitFor({ state: 'detached' });
}

describe('the booking widget on a site listed in EMBED_ORIGINS, on a 390 px phone', () => {
  it('loads the form in the frame, sized to it as it grows, and books through it', async () => {
    const page = await openHost(ALLOWED_HOST);
    const frame = widget(page);
    await frame.getByRole('button', { name: form.submit }).waitFor();

    // Named for screen readers once the page has said who it is; no cookie banner, no Mesa header or footer.
    const title = formatMessage(messages.widget.title, { name: RESTAURANT });
    await expect.poll(() => widgetFrame(page).getAttribute('title')).toBe(title);
    expect(await frame.getByRole('heading', { level: 1, name: title }).count()).toBe(1);
    expect(await frame.getByRole('dialog', { name: messages.cookies.title }).count()).toBe(0);
    expect(await frame.getByRole('banner').count()).toBe(0);

    // As tall as its content: no scroll inside the frame, and nothing sideways on the phone.
    await expect.poll(() => sizedToContent(page, 700)).toBe(true);
    const before = (await heights(page)).frame;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Sending it empty puts an error under each field: the form grows, and the frame with it.
    await frame.getByRole('button', { name: form.submit }).click();
    await frame.getByText(messages.reservation.validation.consentRequired).waitFor();
    await expect.poll(() => sizedToContent(page, before)).toBe(true);

    const email = `widget-${randomUUID().slice(0, 8)}@example.com`;
    await frame.getByLabel(form.name, { exact: true }).fill('Lucía Widget');
    await frame.getByLabel(form.phone, { exact: true }).fill('+34 600 222 333');
    await frame.getByLabel(form.email, { exact: true }).fill(email);
    await frame.getByLabel(form.people, { exact: true }).selectOption('2');
    await pickDate(frame, WEDNESDAY);
    await frame.getByLabel(form.time, { exact: true }).selectOption('14:00');
    // The other errors are gone and the frame has shrunk to the form: the box is where it will stay when clicked.
    await expect.poll(() => frame.locator('[aria-invalid="true"]').count()).toBe(1);
    await expect.poll(() => sizedToContent(page)).toBe(true);
    await frame.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix} ${form.consentLink}`) }).check();
    await frame.getByRole('button', { name: form.submit }).click();

    // The summary shows once the request is in (after the proof of work the frozen clock's 'too fast' asks for).
    await frame.getByRole('heading', { name: messages.reservation.success.title }).waitFor();
    expect((await suite.db().select().from(reservations).where(eq(reservations.customerEmail, email))).length).toBe(1);
    const [booking] = await suite.db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(booking).toMatchObject({
      customerName: 'Lucía Widget',
      reservationDate: WEDNESDAY,
      reservationTime: '14:00',
      numberOfPeople: 2,
      source: 'public',
      status: 'pending',
    });

    // The summary of the booking, in view on the host page, and the guest's own page opens outside the frame.
    const summary = frame.getByRole('heading', { name: messages.reservation.success.title });
    await summary.waitFor();
    await expect.poll(() => sizedToContent(page)).toBe(true);
    // Its heading takes the focus, which scrolls the host page to it: the guest sees the answer, not the empty form.
    await expect.poll(() => inView(summary)).toBe(true);
    const opened = page.context().waitForEvent('page');
    await frame.getByRole('link', { name: new RegExp(`^${messages.reservation.summary.manage}`) }).click();
    await (await opened).waitForURL(/\/reserva\/[\w-]{43}$/);
    expect(page.url()).toBe(`${ALLOWED_HOST}/`);
  });

  it('opens the legal documents in a new tab, outside the frame', async () => {
    const page = await openHost(ALLOWED_HOST);
    const frame = widget(page);
    await frame.getByRole('button', { name: form.submit }).waitFor();
    const opened = page.context().waitForEvent('page');
    await frame.getByRole('link', { name: new RegExp(`^${messages.landing.footer.legalNotice}`) }).click();
    const tab = await opened;
    await tab.waitForURL(/\/aviso-legal\.pdf$/);
    expect(page.url()).toBe(`${ALLOWED_HOST}/`);
    expect(page.frames().some((candidate) => candidate.url().endsWith('/reservar'))).toBe(true);
  });
});

describe('the booking widget on a site not listed', () => {
  it('is refused by the browser (frame-ancestors names no such site), and the script puts a link to the booking page in its place', async () => {
    suite.ignoreErrors(/violates the following Content Security Policy directive: "frame-ancestors/);
    const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, consent: false });
    const page = suite.watch(await context.newPage());
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/reservar');
    await page.goto(`${REFUSED_HOST}/`);
    const response = await answered;
    const ancestors = response.headers()['content-security-policy']?.split(';').find((part) => part.trim().startsWith('frame-ancestors'));
    expect(ancestors?.trim()).toBe(`frame-ancestors 'self' ${ALLOWED_HOST}`);
    expect(response.headers()['x-frame-options']).toBeUndefined();

    await widgetFrame(page).waitFor();
    await expect.poll(() => page.frames().find((candidate) => candidate !== page.mainFrame())?.url()).toMatch(/^chrome-error:/);
    const inner = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    expect(await inner.locator('form, #root').count()).toBe(0);
    // Issue 50: the frame never spoke, so the script shows a link to the booking page, in a new tab, in its place.
    const link = page.getByRole('link', { name: 'Reservar mesa' });
    await link.waitFor({ timeout: 15_000 });
    expect(await link.getAttribute('href')).toBe(`${suite.app.instance.url}/reservar`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await widgetFrame(page).isVisible()).toBe(false);
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });
});

describe('Configuración › General', () => {
  it('shows the snippet and the Google link, each copied with one button', async () => {
    const context = await suite.adminContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.app.instance.url });
    const page = await suite.openAdmin('/admin?tab=configuracion', { context });
    const subTabs = page.getByRole('tablist', { name: staffMessages.admin.tabs.settings });
    await subTabs.getByRole('tab', { name: settingsMessages.tabs.general, exact: true }).click();
    const general = settingsMessages.general;

    const code = page.getByLabel(general.embedCode, { exact: true });
    const snippet = '<script src="http://localhost:3000/embed.js" async></script>\n<div data-mesa-reservas></div>';
    await expect.poll(() => code.inputValue()).toBe(snippet);
    expect(await code.getAttribute('readonly')).not.toBeNull();
    await page.getByText(formatMessage(general.embedOrigins, { origins: ALLOWED_HOST })).waitFor();
    // EMBED_ORIGINS wins over the owner's list (decision 069): shown read-only, with where it comes from.
    await page.getByText(general.embedOriginsFromServer).waitFor();
    expect(await page.getByLabel(general.embedOriginsLabel, { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: general.embedCopyCode }).click();
    await toast(page, general.embedCodeCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    const link = page.getByLabel(general.bookingLink, { exact: true });
    expect(await link.inputValue()).toBe('http://localhost:3000/?utm_source=google');
    const copyLink = page.getByRole('button', { name: general.bookingLinkCopy });
    expect((await copyLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await copyLink.focus();
    await page.keyboard.press('Enter');
    await toast(page, general.bookingLinkCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('http://localhost:3000/?utm_source=google');
  });
});
