import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { messagingConsents, messagingSettings, reservations } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, useBrowserSuite } from '../support/admin-browser.ts';
import { pickDate } from '../support/guest-form.ts';

// Issue 46, item 2: a guest on a phone asks for WhatsApp on the booking form. Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const WEDNESDAY = '2026-11-25';
const form = messages.reservation.form;
const WHATSAPP_BOX = 'Quiero recibir la confirmación y el recordatorio por WhatsApp';

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

async function openLanding(): Promise<Page> {
  const context = await suite.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  const response = await page.goto(suite.app.instance.url);
  expect(response?.status()).toBe(200);
  await page.getByRole('button', { name: form.submit }).waitFor();
  return page;
}

const whatsappBox = (p: Page) => p.getByLabel(WHATSAPP_BOX, { exact: true });

describe('the WhatsApp box on a 360 px phone', () => {
  it('books with the box ticked: the booking goes by WhatsApp, with the consent recorded', async () => {
    await db().insert(messagingSettings).values({ id: 1, whatsappEnabled: true }).onConflictDoUpdate({ target: messagingSettings.id, set: { whatsappEnabled: true } });
    const p = await openLanding();
    const box = whatsappBox(p);
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);

    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    await p.getByLabel(form.name, { exact: true }).fill('Lucía Fernández');
    await p.getByLabel(form.phone, { exact: true }).fill('612 345 678');
    await p.getByLabel(form.email, { exact: true }).fill(email);
    await pickDate(p, WEDNESDAY);
    await p.getByLabel(form.time, { exact: true }).selectOption('13:30');
    await box.check();
    await p.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix} ${form.consentLink}`) }).check();
    await p.getByRole('button', { name: form.submit }).click();
    await p.locator('[data-sonner-toast]').filter({ hasText: messages.reservation.success.title }).waitFor({ timeout: BROWSER_WAIT_MS });
    // Nothing scrolls sideways with the box's long label.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const [row] = await db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(row).toMatchObject({ customerPhone: '612 345 678', customerPhoneE164: '+34612345678', messagingChannel: 'whatsapp' });
    const consents = await db().select().from(messagingConsents).where(eq(messagingConsents.reservationId, row!.id));
    expect(consents.map((consent) => consent.consentText)).toEqual([WHATSAPP_BOX]);
    // The form starts again with the box unticked.
    expect(await whatsappBox(p).isChecked()).toBe(false);
  });

  it('shows no box while no channel is on', async () => {
    await db().delete(messagingSettings);
    const p = await openLanding();
    await p.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix}`) }).waitFor();
    expect(await p.getByText(/recordatorio por/).count()).toBe(0);
  });
});
