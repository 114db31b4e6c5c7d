import { AxeBuilder } from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devicesMessages as text } from '@shared/staff-messages/devices.ts';
import { recentSignInMessages } from '@shared/staff-messages/sensitive-changes.ts';
import { backupsMessages } from '@shared/staff-messages/security.ts';
import { twoStepMessages } from '@shared/staff-messages/two-step.ts';
import { sessions } from '../../src/server/db/schema.ts';
import { confirmEnrolment, startEnrolment } from '../../src/server/modules/two-step/service.ts';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { secretBox } from '../../src/server/platform/secret-box.ts';
import { createSession, sessionCookieName } from '../../src/server/platform/sessions.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, BROWSER_WAIT_MS, hydrated, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertStaff, uniqueEmail } from '../support/factories.ts';

// Issue 44, items 4 and 5 in Chromium: 'Mis dispositivos' ends another device's session, which is signed out; the
// fresh sign-in before a backup download is given with a two-step code instead of the password.
const suite = useBrowserSuite();
const WAIT = { timeout: BROWSER_WAIT_MS };

/** Signs `email` in through /auth in a context of its own: another device. */
async function signInElsewhere(email: string) {
  const page = suite.watch(await (await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage());
  await page.goto(suite.url('/auth'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(suite.url('/admin'));
  await hydrated(page);
  return page;
}

describe("'Mis dispositivos'", () => {
  it("lists this device and another, ends the other's session, and that device is signed out", async () => {
    const email = uniqueEmail('dispositivos');
    await insertStaff(suite.db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['floor'] });
    const phone = await signInElsewhere(email);
    const page = await suite.openAdmin('/admin?tab=cuenta', { email, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    const card = page.getByRole('listitem').filter({ hasText: text.thisDevice });
    await card.waitFor(WAIT);
    const other = page.getByRole('listitem').filter({ hasNotText: text.thisDevice }).filter({ hasText: 'Chrome' });
    await other.waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const results = await new AxeBuilder({ page }).include('section[aria-labelledby="account-title"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    const end = other.getByRole('button', { name: text.endSession });
    expect((await end.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await end.click();
    await toast(page, text.ended).waitFor(WAIT);
    await page.getByRole('button', { name: text.endOthers }).waitFor({ state: 'detached', ...WAIT });
    await page.getByText(text.noOthers).first().waitFor(WAIT);

    await phone.reload();
    await phone.waitForURL(suite.url('/auth'), WAIT);
  });
});

describe('the fresh sign-in by code', () => {
  it('asks before a backup download, takes a two-step code instead of the password, and the copy downloads', async () => {
    const email = uniqueEmail('copia');
    const user = await insertStaff(suite.db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['admin'] });
    const { config } = suite.app;
    const clock = new ManualClock(new Date(Date.now() - 90_000));
    const deps = { db: suite.db(), clock, box: secretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }) };
    const { uri } = await startEnrolment(deps, user, 'Mesa');
    const seed = new URL(uri).searchParams.get('secret')!;
    await confirmEnrolment(deps, user.id, currentCode(seed, clock.now()), { email, ipAddress: null });
    // Signed in an hour ago (through the second step, as an account with codes is).
    const id = await createSession({ db: suite.db(), clock: { now: () => new Date() }, secret: suite.app.instance.sessionSecret, secureCookies: false }, { userId: user.id });
    await suite.db().update(sessions).set({ freshSignInAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.userId, user.id));
    const context = await suite.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: sessionCookieName(false), value: id, url: suite.url('/') }]);
    const page = suite.watch(await context.newPage());
    await page.goto(suite.url('/admin?tab=seguridad'));
    await hydrated(page);

    await page.getByRole('link', { name: backupsMessages.download }).click();
    const dialog = page.getByRole('dialog', { name: recentSignInMessages.title });
    await dialog.getByRole('button', { name: recentSignInMessages.useCode }).click();
    const byCode = page.getByRole('dialog', { name: recentSignInMessages.codeTitle });
    await byCode.getByLabel(twoStepMessages.code, { exact: true }).fill('000000');
    await byCode.getByRole('button', { name: recentSignInMessages.confirm }).click();
    await byCode.getByText(twoStepMessages.wrongCode).waitFor(WAIT);
    await byCode.getByLabel(twoStepMessages.code, { exact: true }).fill(currentCode(seed, new Date()));
    const [download] = await Promise.all([page.waitForEvent('download'), byCode.getByRole('button', { name: recentSignInMessages.confirm }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mesa-\d{4}-\d{2}-\d{2}-\d{4}\.sql$/);
    expect(await page.getByRole('banner').getByText(email).count()).toBe(1);
  });
});
