import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import { twoStepMessages } from '@shared/staff-messages/two-step.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { confirmEnrolment, startEnrolment } from '../../src/server/modules/two-step/service.ts';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { systemClock } from '../../src/server/platform/clock.ts';
import { secretBox } from '../../src/server/platform/secret-box.ts';
import { BROWSER_WAIT_MS, useBrowserSuite } from '../support/admin-browser.ts';

// Issue 44, item 1: an owner with two-step codes signs in at /auth with the code of the app, or a recovery code.
// The real clock: the code is the app's of the moment. Each test enrols an owner of its own.
const PASSWORD = 'Dos-pasos-en-el-navegador-2026';
const WAIT = { timeout: BROWSER_WAIT_MS };
const suite = useBrowserSuite();

/** An owner whose codes are on, confirmed with the previous step's code so that the current one is still unused. */
async function enrolledOwner() {
  const email = `dos-pasos-${randomUUID().slice(0, 8)}@example.com`;
  const db = suite.db();
  await upsertAdmin(db, email, PASSWORD);
  const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.email, email) });
  const { config } = suite.app;
  const deps = { db, clock: systemClock, box: secretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }) };
  const { uri } = await startEnrolment(deps, user!, 'Mesa');
  const seed = new URL(uri).searchParams.get('secret')!;
  const { recoveryCodes } = await confirmEnrolment(deps, user!.id, currentCode(seed, new Date(Date.now() - 30_000)), { email, ipAddress: null });
  return { email, seed, recoveryCodes };
}

async function passwordStep(email: string) {
  const page = suite.watch(await (await suite.newContext({ viewport: { width: 360, height: 780 } })).newPage());
  await page.goto(suite.url('/auth'));
  await page.getByLabel(loginMessages.email, { exact: true }).fill(email);
  await page.getByLabel(loginMessages.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: loginMessages.submit, exact: true }).click();
  await page.getByRole('heading', { name: twoStepMessages.title }).waitFor(WAIT);
  return {
    page,
    codeField: page.getByLabel(twoStepMessages.code, { exact: true }),
    toast: (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first(),
  };
}

describe('signing in with two-step codes at /auth', () => {
  it('asks for the code after the password, says a wrong one is wrong, and lets the right one in', async () => {
    const { email, seed } = await enrolledOwner();
    const { page, codeField, toast } = await passwordStep(email);
    // The code field has the focus: the code can be typed at once.
    expect(await codeField.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');

    await codeField.fill('000000');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: twoStepMessages.wrongCode }).waitFor(WAIT);
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');

    await codeField.fill(currentCode(seed, new Date()));
    await page.getByRole('button', { name: twoStepMessages.verify }).click();
    await toast(loginMessages.success).waitFor(WAIT);
    await page.waitForURL(suite.url('/admin'), WAIT);
    await page.getByRole('banner').getByText(email).waitFor(WAIT);
  });

  it('lets a recovery code in once and says how many are left', async () => {
    const { email, recoveryCodes } = await enrolledOwner();
    const { page, codeField, toast } = await passwordStep(email);
    await codeField.fill(recoveryCodes[0]!.toLowerCase());
    await page.getByRole('button', { name: twoStepMessages.verify }).click();
    await toast(formatMessage(twoStepMessages.recoveryCodesLeft, { count: 9 })).waitFor(WAIT);
    await page.waitForURL(suite.url('/admin'), WAIT);
  });

  it('goes back to the password with a click on the way back', async () => {
    const { email } = await enrolledOwner();
    const { page } = await passwordStep(email);
    await page.getByRole('button', { name: loginMessages.backToLogin }).click();
    await page.getByRole('button', { name: loginMessages.submit, exact: true }).waitFor(WAIT);
  });
});
