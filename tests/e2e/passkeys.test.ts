import { createServer } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import { passkeyMessages as text } from '@shared/staff-messages/passkeys.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { ADMIN_PASSWORD, BROWSER_WAIT_MS, hydrated, toast, useBrowserSuite } from '../support/admin-browser.ts';

// Issue 44, item 2: passkeys in Chromium with a virtual authenticator (CDP's WebAuthn domain). A passkey belongs to
// a domain name, so the server's PUBLIC_URL and the browser's address are http://localhost on a port chosen here.
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await freePort();
const ORIGIN = `http://localhost:${port}`;
const suite = useBrowserSuite({ env: { PORT: String(port), PUBLIC_URL: ORIGIN } });
const WAIT = { timeout: BROWSER_WAIT_MS };
const header = staffMessages.admin.header;

/** A Chromium page at localhost with a platform authenticator that holds passkeys and verifies its user. */
async function pageWithAuthenticator(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.newContext({ viewport: { width: 1280, height: 900 } });
  const page = suite.watch(await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { context, page };
}

async function openAccount(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: header.account }).click();
  await page.getByRole('heading', { name: text.card }).waitFor(WAIT);
}

describe('passkeys in Chromium', () => {
  it('are added in Mi cuenta, renamed, sign in at /auth by autofill and by the button, and are removed; a replayed or altered assertion is refused', async () => {
    const { context, page } = await pageWithAuthenticator();
    await page.goto(`${ORIGIN}/auth`);
    expect(await page.getByLabel(loginMessages.email, { exact: true }).getAttribute('autocomplete')).toBe('username webauthn');
    await page.getByLabel(loginMessages.email, { exact: true }).fill(suite.adminEmail);
    await page.getByLabel(loginMessages.password, { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: loginMessages.submit, exact: true }).click();
    await page.waitForURL(`${ORIGIN}/admin`, WAIT);
    await hydrated(page);

    // Signed in moments ago: adding needs no password again.
    await openAccount(page);
    await page.getByText(text.none).waitFor(WAIT);
    await page.getByRole('button', { name: text.add }).click();
    await toast(page, text.added).waitFor(WAIT);
    await page.getByText('Chrome en Linux', { exact: true }).waitFor(WAIT);
    await page.getByText(text.neverUsed).waitFor(WAIT);

    await page.getByRole('button', { name: `${text.rename}: Chrome en Linux` }).click();
    const dialog = page.getByRole('dialog', { name: text.renameTitle });
    await dialog.getByLabel(text.name).fill('Portátil de la barra');
    await dialog.getByRole('button', { name: text.save }).click();
    await toast(page, text.renamed).waitFor(WAIT);
    await page.getByText('Portátil de la barra', { exact: true }).waitFor(WAIT);

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/login/passkey') sent.push(request.postData() ?? '');
    });
    const signOut = async () => {
      await page.getByRole('banner').getByRole('button', { name: header.signOut }).click();
      await page.waitForURL(`${ORIGIN}/`, WAIT);
      await page.goto(`${ORIGIN}/auth`);
    };
    const signedIn = async () => {
      await toast(page, loginMessages.success).waitFor(WAIT);
      await page.waitForURL(`${ORIGIN}/admin`, WAIT);
      await page.getByRole('banner').getByText(suite.adminEmail).waitFor(WAIT);
      await hydrated(page);
    };

    // Autofill: the passkey is among the email field's suggestions; the virtual authenticator picks it at once.
    await signOut();
    await signedIn();
    expect(sent).toHaveLength(1);

    // The button, in a browser that offers no autofill.
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await signOut();
    const button = page.getByRole('button', { name: text.signIn });
    await expect.poll(() => button.isEnabled(), WAIT).toBe(true);
    expect(sent).toHaveLength(1);
    await button.click();
    await signedIn();
    expect(sent).toHaveLength(2);

    await openAccount(page);
    const passkeyRow = page.getByRole('listitem').filter({ hasText: 'Portátil de la barra' });
    await passkeyRow.getByText(formatMessage(text.lastUsed, { date: '' }).trim(), { exact: false }).waitFor(WAIT);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The same assertion again: its challenge is spent, with or without a new one in the cookie.
    const replay = (data: unknown) => context.request.post(`${ORIGIN}/api/auth/login/passkey`, { data, headers: { origin: ORIGIN } });
    const assertion = JSON.parse(sent[0]!) as { response: { clientDataJSON: string } };
    expect((await replay(assertion)).status()).toBe(400);
    expect((await context.request.post(`${ORIGIN}/api/auth/login/passkey/options`, { headers: { origin: ORIGIN } })).status()).toBe(200);
    expect((await replay(assertion)).status()).toBe(401);
    const clientData = JSON.parse(Buffer.from(assertion.response.clientDataJSON, 'base64url').toString()) as Record<string, unknown>;
    const options = (await (await context.request.post(`${ORIGIN}/api/auth/login/passkey/options`, { headers: { origin: ORIGIN } })).json()) as { challenge: string };
    const altered = Buffer.from(JSON.stringify({ ...clientData, challenge: options.challenge, origin: 'http://evil.example' })).toString('base64url');
    expect((await replay({ ...assertion, response: { ...assertion.response, clientDataJSON: altered } })).status()).toBe(401);

    await page.getByRole('button', { name: `${text.remove}: Portátil de la barra` }).click();
    const confirm = page.getByRole('dialog', { name: formatMessage(text.removeTitle, { name: 'Portátil de la barra' }) });
    await confirm.getByRole('button', { name: text.remove }).click();
    await toast(page, text.removed).waitFor(WAIT);
    await page.getByText(text.none).waitFor(WAIT);
  });

  it('says calmly that no passkey was used when the ceremony is cancelled', async () => {
    const { page } = await pageWithAuthenticator();
    await page.goto(`${ORIGIN}/auth`);
    const button = page.getByRole('button', { name: text.signIn });
    await expect.poll(() => button.isEnabled(), WAIT).toBe(true);
    // The person closes the browser's dialog: WebAuthn answers NotAllowedError.
    await page.evaluate(() => {
      const original = navigator.credentials.get.bind(navigator.credentials);
      navigator.credentials.get = (options) => (options?.mediation === 'conditional' ? original(options) : Promise.reject(new DOMException('cancelled', 'NotAllowedError')));
    });
    await button.click();
    await toast(page, text.cancelled).waitFor(WAIT);
  });
});
