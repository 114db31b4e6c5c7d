import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { setupMessages } from '@shared/staff-messages/team.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { launchBrowser } from '../support/browser.ts';
import { pickDate } from '../support/guest-form.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 20, item 1: a fresh install, as `npm start` runs it (its own process, the embedded database, an empty
// DATA_DIR), taken to its first confirmed booking in the browser alone: the set-up code is read off the server's
// log, as a new owner would.
const setup = setupMessages;
const form = messages.reservation.form;
const WAIT = { timeout: 15_000 };

let browser: Browser;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(join(tmpdir(), 'mesa-first-run-'));
  server = await startServerProcess({ DATA_DIR: dataDir, SESSION_SECRET: 'first-run-secret-0123456789abcdef0123456789' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

it('creates the owner with the code from the log, and the owner confirms the first booking', { timeout: 120_000 }, async () => {
  const code = await waitFor(() => /set-up code ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){3})/.exec(server.output.join(''))?.[1] ?? false, {
    what: 'the set-up code in the log',
  });

  const owner = await browser.newContext({ locale: 'es-ES' });
  owner.setDefaultTimeout(WAIT.timeout);
  const page = await owner.newPage();
  await page.goto(`${server.url}/admin`);
  await page.getByRole('heading', { name: setup.title }).waitFor();
  expect(page.url()).toBe(`${server.url}/auth`);

  // A wrong code first: refused in Spanish, nothing made.
  await page.getByLabel(setup.code, { exact: true }).fill('AAAA-BBBB-CCCC-DDDD');
  await page.getByLabel(setup.email, { exact: true }).fill('duena@example.com');
  await page.getByLabel(setup.password, { exact: true }).fill('una-contraseña-muy-larga-42');
  await page.getByRole('button', { name: setup.submit }).click();
  await page.getByText(setup.codeInvalid).first().waitFor();

  await page.getByLabel(setup.code, { exact: true }).fill(code.toLowerCase());
  await page.getByRole('button', { name: setup.submit }).click();
  await page.waitForURL(`${server.url}/admin`);
  await page.getByText('duena@example.com').first().waitFor();

  // A guest books on the public page.
  const guestContext = await browser.newContext({ locale: 'es-ES', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  guestContext.setDefaultTimeout(WAIT.timeout);
  const guest = await guestContext.newPage();
  await guest.goto(server.url);
  await guest.getByRole('button', { name: messages.cookies.acceptAll }).click();
  await guest.getByLabel(form.name, { exact: true }).fill('Primera Clienta');
  await guest.getByLabel(form.phone, { exact: true }).fill('+34 611 222 333');
  await guest.getByLabel(form.email, { exact: true }).fill('primera@example.com');
  await pickDate(guest, openDayNextWeek());
  await guest.getByLabel(form.time, { exact: true }).selectOption('14:00');
  await guest.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix} ${form.consentLink}`) }).check();
  await guest.getByRole('button', { name: form.submit }).click();
  await guest.getByText(messages.reservation.success.title).first().waitFor();

  // The owner confirms it from the pending requests.
  await page.getByRole('button', { name: staffMessages.admin.today.upcoming }).click();
  const card = page.getByRole('article', { name: 'Primera Clienta' });
  await card.getByRole('button', { name: staffMessages.admin.actions.accept }).click();
  await card.getByText('Confirmada', { exact: true }).waitFor();

  // The code is spent: a second visitor is offered the sign-in, not the set-up.
  const visitor = await browser.newContext({ locale: 'es-ES' });
  const other = await visitor.newPage();
  await other.goto(`${server.url}/auth`);
  await other.getByRole('heading', { name: loginMessages.title }).waitFor();
  await visitor.close();
  await guestContext.close();
  await owner.close();
});
