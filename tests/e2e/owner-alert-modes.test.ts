import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-messages.ts';
import { notificationsMessages } from '@shared/staff-messages/notifications.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { notificationSettings } from '../../src/server/db/schema.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';

// Issue 52, item 7 (decision 067): Notificaciones › Configuración's 'Email de nueva reserva', a radio group saved at
// once with 'Guardado' under it, on a 390 px phone and a 1024×768 tablet.
const CHANNELS_URL = '/admin?tab=notificaciones&seccion=configuracion';
const text = notificationsMessages.newRequestEmail;
const suite = useBrowserSuite();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };

const savedMode = async () => (await suite.db().select().from(notificationSettings).where(eq(notificationSettings.id, 1)))[0]?.newRequestEmailMode;

describe.each([
  ['a 390 px phone', PHONE, 'hourly', 'daily'],
  ['a 1024×768 tablet', TABLET, 'daily', 'each'],
] as const)("'Email de nueva reserva' on %s", (_label, device, first, second) => {
  it('saves the chosen mode by touch and by keyboard, each choice a 44 px target inside the screen', async () => {
    await suite.db().update(notificationSettings).set({ newRequestEmailMode: 'each' }).where(eq(notificationSettings.id, 1));
    const page = await suite.openAdmin(CHANNELS_URL, device);
    const group = page.getByRole('group', { name: text.legend });
    await group.waitFor();
    const radio = (mode: 'each' | 'hourly' | 'daily') => group.getByRole('radio', { name: text.modes[mode] });

    await radio(first).click();
    await toast(page, staffMessages.admin.toasts.settingsSaved).waitFor();
    await group.getByRole('status').getByText(settingsMessages.saveState.saved).waitFor();
    expect(await savedMode()).toBe(first);
    expect(await radio(first).isChecked()).toBe(true);

    // Arrows move the choice within the group, as native radios do; each move saves.
    await radio(first).focus();
    const order = ['each', 'hourly', 'daily'] as const;
    const steps = (order.indexOf(second) - order.indexOf(first) + order.length) % order.length;
    for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowDown');
    await expect.poll(savedMode).toBe(second);
    expect(await radio(second).isChecked()).toBe(true);

    for (const mode of order) {
      const box = await radio(mode).locator('xpath=..').boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(device.viewport.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device.viewport.width);
  });
});
