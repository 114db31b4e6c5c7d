import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { twoStepMessages as text } from '@shared/staff-messages/two-step.ts';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { BROWSER_WAIT_MS, useBrowserSuite } from '../support/admin-browser.ts';

// Issue 44, item 1: 'Mi cuenta' on a 360 px phone: two-step codes turned on with the key and a first code, the
// recovery codes shown once and downloaded, then turned off. The real clock: the code is the app's of the moment.
const suite = useBrowserSuite();
const WAIT = { timeout: BROWSER_WAIT_MS };

/** axe's WCAG 2.2 AA violations inside 'Mi cuenta'. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('section[aria-labelledby="account-title"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

describe("'Mi cuenta' › 'Verificación en dos pasos'", () => {
  it('turns the codes on with a first code, shows and downloads the recovery codes, and turns them off', async () => {
    const page = await suite.openAdmin('/admin', { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    await page.getByRole('button', { name: staffMessages.admin.header.account }).click();
    await page.getByRole('heading', { name: staffMessages.admin.header.account, level: 2 }).waitFor(WAIT);
    await page.getByRole('button', { name: text.turnOn }).click();

    await page.getByRole('img', { name: text.qrAlt }).waitFor(WAIT);
    expect(await violations(page)).toEqual([]);
    const seed = (await page.locator('code').textContent())!.replaceAll(' ', '');
    expect(seed).toMatch(/^[A-Z2-7]{32}$/);
    const code = page.getByLabel(text.code, { exact: true });
    await code.fill('000000');
    await page.getByRole('button', { name: text.confirm }).click();
    await page.getByRole('alert').filter({ hasText: text.wrongCode }).waitFor(WAIT);
    await code.fill(currentCode(seed, new Date()));
    await page.getByRole('button', { name: text.confirm }).click();

    await page.getByRole('heading', { name: text.codesTitle }).waitFor(WAIT);
    const shown = await page.getByRole('listitem').filter({ hasText: /^[0-9A-Z]{5}-[0-9A-Z]{5}$/ }).allTextContents();
    expect(shown).toHaveLength(10);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text.download }).click()]);
    expect(download.suggestedFilename()).toBe(text.downloadName);
    const saved = readFileSync((await download.path())!, 'utf8');
    for (const recoveryCode of shown) expect(saved).toContain(recoveryCode);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: text.done }).click();
    await page.getByText(formatMessage(text.left, { count: 10 })).waitFor(WAIT);
    await page.getByText(text.on).waitFor(WAIT);

    // Signed in moments ago: turning off needs no password again.
    await page.getByRole('button', { name: text.turnOff }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: text.turnedOff }).first().waitFor(WAIT);
    await page.getByRole('button', { name: text.turnOn }).waitFor(WAIT);
  });
});
