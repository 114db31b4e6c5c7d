import { describe, expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-messages.ts';
import { secondFactorPolicyMessages } from '@shared/staff-messages/team.ts';
import { secondFactorSetupMessages, twoStepMessages } from '@shared/staff-messages/two-step.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { ADMIN_PASSWORD, BROWSER_WAIT_MS, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertStaff, uniqueEmail } from '../support/factories.ts';

// Issue 44, item 3: the owner turns on 'Segundo factor obligatorio' in Equipo; an encargado without one signs in to
// its set-up alone, on a 360 px phone, and reaches the panel once two-step codes are on.
const suite = useBrowserSuite();
const WAIT = { timeout: BROWSER_WAIT_MS };

describe("'Segundo factor obligatorio'", () => {
  it('holds an encargado without one at its set-up until a code is on, then opens the panel', async () => {
    const owner = await suite.openAdmin('/admin?tab=equipo');
    const requirement = owner.getByRole('switch', { name: secondFactorPolicyMessages.label });
    await requirement.click();
    await toast(owner, secondFactorPolicyMessages.turnedOn).waitFor(WAIT);
    expect(await requirement.getAttribute('aria-checked')).toBe('true');

    const email = uniqueEmail('encargado');
    await insertStaff(suite.db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['manager'] });
    const page = await suite.openAdmin('/admin', { email, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    await page.getByRole('heading', { name: secondFactorSetupMessages.title, level: 1 }).waitFor(WAIT);
    expect(await page.getByRole('tab', { name: staffMessages.admin.tabs.today }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: twoStepMessages.turnOn }).click();
    await page.getByRole('img', { name: twoStepMessages.qrAlt }).waitFor(WAIT);
    const seed = (await page.locator('code').textContent())!.replaceAll(' ', '');
    await page.getByLabel(twoStepMessages.code, { exact: true }).fill(currentCode(seed, new Date()));
    await page.getByRole('button', { name: twoStepMessages.confirm }).click();
    await page.getByRole('heading', { name: twoStepMessages.codesTitle }).waitFor(WAIT);
    await page.getByRole('button', { name: twoStepMessages.done }).click();

    // The panel, in the same session, once the member says so (the recovery codes stay until then).
    await page.getByRole('button', { name: secondFactorSetupMessages.continue }).click();
    await page.getByRole('heading', { name: secondFactorSetupMessages.title }).waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: staffMessages.admin.header.account }).waitFor(WAIT);
  });
});
