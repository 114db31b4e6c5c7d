import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, loginAttempts } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { launchBrowser, testWebRoot } from '../support/browser.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { insertStaff } from '../support/factories.ts';
import { formatMessage } from '@shared/messages.ts';
import { securityMessages } from '@shared/staff-messages/security.ts';
import { MESA_VERSION } from '../../src/server/version.ts';

// Spanish texts of the spec (points 2, 5, 8), used as the locators.
const T = {
  signIn: 'Iniciar sesión',
  welcome: 'Bienvenido',
  invalid: 'Credenciales inválidas. Verifica tu email y contraseña.',
  required: 'Por favor completa todos los campos',
  locked: 'Tu cuenta ha sido bloqueada temporalmente por múltiples intentos fallidos. Intenta nuevamente en 15 minutos.',
  forgot: '¿Olvidaste tu contraseña?',
  recoverySent: 'Se ha enviado un email para restablecer tu contraseña',
  signOut: 'Cerrar sesión',
  signedOut: 'Sesión cerrada',
  unblock: 'Desbloquear',
};

const PASSWORD = 'correct-horse-battery-staple-42';
const WAIT = { timeout: 15_000 };

let app: TestApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
// A fresh server and database per test: the sign-in rate limit (20 per IP per 15 min) and lockouts never carry over.
beforeEach(async () => {
  app = await createTestApp({ listen: true, webRoot: testWebRoot() });
  // An installed restaurant: its owner exists, so /auth offers the sign-in rather than the first run's set-up.
  await upsertAdmin(app.database.handle.db, `propietario-${randomUUID().slice(0, 8)}@example.com`, PASSWORD);
  page = await browser.newPage();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterEach(async () => {
  await page?.context().close();
  await app?.close();
  // Script errors only: refused sign-ins log their 401/423 responses as console errors, which is expected.
  expect(pageErrors).toEqual([]);
});

const url = (path: string) => `${app.instance.url}${path}`;
const db = () => app.database.handle.db;
const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

async function createAdmin(email = uniqueEmail('admin'), password = PASSWORD) {
  await upsertAdmin(db(), email, password);
  return email;
}

/** A user with a password but no user_roles row. */
async function createNonAdmin(email = uniqueEmail('staff'), password = PASSWORD) {
  await insertStaff(db(), { email, passwordHash: await hashPassword(password), roles: [] });
  return email;
}

const toast = (p: Page, text: string) => p.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const emailField = (p: Page) => p.getByLabel('Email', { exact: true });
const passwordField = (p: Page) => p.getByLabel('Contraseña', { exact: true });

async function fillSignIn(p: Page, email: string, password: string) {
  if (!p.url().endsWith('/auth')) await p.goto(url('/auth'));
  await emailField(p).fill(email);
  await passwordField(p).fill(password);
}

/** Submits the sign-in form and returns the status the server answered. */
async function submitSignIn(p: Page, email: string, password: string): Promise<number> {
  await fillSignIn(p, email, password);
  const [response] = await Promise.all([
    p.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST'),
    p.getByRole('button', { name: T.signIn, exact: true }).click(),
  ]);
  return response.status();
}

async function signInAsAdmin(p: Page, email: string, password = PASSWORD) {
  expect(await submitSignIn(p, email, password)).toBe(200);
  await toast(p, T.welcome).waitFor(WAIT);
  await p.waitForURL(url('/admin'), WAIT);
  await p.getByRole('banner').getByText(email).waitFor(WAIT);
}

describe('administrator sign-in at /auth', () => {
  it('signs an admin in: toast Bienvenido, lands on /admin, header shows the email', async () => {
    const email = await createAdmin();
    await page.goto(url('/auth'));
    await signInAsAdmin(page, email);
    expect(await toast(page, T.welcome).textContent()).toContain(T.welcome);
    expect(await page.getByRole('button', { name: T.signOut }).isVisible()).toBe(true);
  });

  it('refuses a wrong password with the invalid-credentials message and stays on /auth', async () => {
    const email = await createAdmin();
    expect(await submitSignIn(page, email, 'not-the-right-password')).toBe(401);
    await toast(page, T.invalid).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('asks for both fields without calling the server when they are empty', async () => {
    await page.goto(url('/auth'));
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) loginCalls += 1;
    });
    await page.getByRole('button', { name: T.signIn, exact: true }).click();
    await toast(page, T.required).waitFor(WAIT);
    // Only the email filled: still refused.
    await emailField(page).fill('someone@example.com');
    await page.getByRole('button', { name: T.signIn, exact: true }).click();
    await expect.poll(() => page.locator('[data-sonner-toast]').filter({ hasText: T.required }).count()).toBeGreaterThan(0);
    expect(loginCalls).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('locks the account at the fifth failure, and then refuses even the right password', async () => {
    const email = await createAdmin();
    for (let i = 1; i <= 4; i++) {
      expect(await submitSignIn(page, email, `wrong-password-${i}`)).toBe(401);
    }
    await toast(page, T.invalid).waitFor(WAIT);
    expect(await submitSignIn(page, email, 'wrong-password-5')).toBe(423);
    await toast(page, T.locked).waitFor(WAIT);
    expect(await submitSignIn(page, email, PASSWORD)).toBe(423);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('shows and hides the password: the input type switches between password and text', async () => {
    await page.goto(url('/auth'));
    await passwordField(page).fill('secret-value');
    expect(await passwordField(page).getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    expect(await passwordField(page).getAttribute('type')).toBe('text');
    expect(await passwordField(page).inputValue()).toBe('secret-value');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    expect(await passwordField(page).getAttribute('type')).toBe('password');
  });
});

describe('password recovery', () => {
  it('sends a link by email; the link sets a new password, lands on /admin, and only the new password works', async () => {
    const email = await createAdmin();
    const newPassword = 'a-brand-new-passphrase-7781';

    await page.goto(url('/auth'));
    await page.getByRole('button', { name: T.forgot }).click();
    await emailField(page).fill(email);
    await page.getByRole('button', { name: 'Enviar enlace de recuperación' }).click();
    await toast(page, T.recoverySent).waitFor(WAIT);

    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'password_recovery'), eq(emailOutbox.toAddress, email)));
    expect(mail).toBeDefined();
    // Its link is minted at delivery (decision 012): read it as delivered.
    const link = (await deliveredEmail(db(), mail!)).text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    // The email's link uses PUBLIC_URL; open the same path and fragment on the test server.
    const parsed = new URL(link!);
    expect(parsed.pathname).toBe('/auth/restablecer');
    expect(parsed.hash).toMatch(/^#token=/);

    const resetPage = await browser.newPage();
    resetPage.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await resetPage.goto(url(`${parsed.pathname}${parsed.hash}`));
      await resetPage.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
      await resetPage.getByLabel('Repite la contraseña', { exact: true }).fill(newPassword);
      await resetPage.getByRole('button', { name: 'Guardar contraseña' }).click();
      await resetPage.waitForURL(url('/admin'), WAIT);
      await resetPage.getByRole('banner').getByText(email).waitFor(WAIT);
    } finally {
      await resetPage.context().close();
    }

    // A fresh browser: the old password is refused, the new one signs in.
    expect(await submitSignIn(page, email, PASSWORD)).toBe(401);
    await toast(page, T.invalid).waitFor(WAIT);
    await signInAsAdmin(page, email, newPassword);
  });
});

describe('the /admin guard and sign-out', () => {
  it('sends a signed-in non-admin from /admin to / and records an unauthorized admin access', async () => {
    const email = await createNonAdmin();
    // The sign-in itself succeeds; /auth then sends the session on to /admin, whose guard refuses it.
    expect(await submitSignIn(page, email, PASSWORD)).toBe(200);
    await page.waitForURL(url('/'), WAIT);
    await page.goto(url('/admin'));
    await page.waitForURL(url('/'), WAIT);
    expect(await page.getByRole('button', { name: T.signOut }).count()).toBe(0);

    const rows = await db()
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.reason, 'unauthorized_admin_access')));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((row) => row.success === false)).toBe(true);
    expect(rows[0]!.userAgent).toMatch(/Chrom/);
  });

  it('sends /admin without a session to /auth', async () => {
    await page.goto(url('/admin'));
    await page.waitForURL(url('/auth'), WAIT);
    await page.getByRole('button', { name: T.signIn, exact: true }).waitFor(WAIT);
  });

  it('signs out: toast Sesión cerrada, lands on /, and /admin then goes to /auth', async () => {
    const email = await createAdmin();
    await page.goto(url('/auth'));
    await signInAsAdmin(page, email);
    await page.getByRole('button', { name: T.signOut }).click();
    await toast(page, T.signedOut).waitFor(WAIT);
    await page.waitForURL(url('/'), WAIT);
    await page.goto(url('/admin'));
    await page.waitForURL(url('/auth'), WAIT);
  });
});

describe('Seguridad tab', () => {
  it('shows the failed attempt and the lockout, and Desbloquear removes the lockout', async () => {
    const victim = await createAdmin(uniqueEmail('victim'));
    const viewer = await createAdmin(uniqueEmail('viewer'));

    // One failure first (seen in the history), then up to the lockout.
    expect(await submitSignIn(page, victim, 'wrong-password-1')).toBe(401);
    for (let i = 2; i <= 4; i++) expect(await submitSignIn(page, victim, `wrong-password-${i}`)).toBe(401);
    expect(await submitSignIn(page, victim, 'wrong-password-5')).toBe(423);
    await toast(page, T.locked).waitFor(WAIT);

    await signInAsAdmin(page, viewer);
    await page.getByRole('tab', { name: 'Seguridad' }).click();
    await page.waitForURL(/\?tab=seguridad$/, WAIT);

    const panel = page.getByRole('tabpanel', { name: 'Seguridad' });
    // The version this server runs, as /healthz says it (issue 43).
    await panel.getByText(formatMessage(securityMessages.version, { version: MESA_VERSION })).waitFor(WAIT);
    const lockoutRow = panel
      .getByRole('listitem')
      .filter({ hasText: victim })
      .filter({ has: page.getByRole('button', { name: T.unblock }) });
    await lockoutRow.waitFor(WAIT);
    expect(await lockoutRow.textContent()).toContain('Intentos fallidos: 5');

    const failedRows = panel
      .getByRole('listitem')
      .filter({ hasText: victim })
      .filter({ has: page.getByText('Fallido', { exact: true }) });
    await expect.poll(() => failedRows.count(), WAIT).toBe(5);
    // The viewer's own sign-in is there too, as a success.
    await panel
      .getByRole('listitem')
      .filter({ hasText: viewer })
      .filter({ has: page.getByText('Éxito', { exact: true }) })
      .first()
      .waitFor(WAIT);

    await lockoutRow.getByRole('button', { name: T.unblock }).click();
    await toast(page, 'Cuenta desbloqueada').waitFor(WAIT);
    await expect.poll(() => lockoutRow.count(), WAIT).toBe(0);
    await panel.getByText('No hay cuentas bloqueadas').waitFor(WAIT);

    // Unlocked: the right password works again (in a browser without the viewer's session).
    const other = await browser.newPage();
    other.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await signInAsAdmin(other, victim);
    } finally {
      await other.context().close();
    }
  });
});
