import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-messages.ts';
import { emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';

// Issue 52, item 6 (decision 063): the manual booking dialog offers 'Enviar confirmación al cliente', ticked, once an
// email is typed; unticked, the guest is sent nothing. Tuesday 24 November 2026, 11:00 in Madrid, frozen.
const NOW = new Date('2026-11-24T10:00:00Z');
const TOMORROW = '2026-11-25';
const admin = staffMessages.admin;
const text = admin.manualReservation;
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };

async function queuedFor(name: string) {
  const [row] = await db().select().from(reservations).where(eq(reservations.customerName, name));
  expect(row).toMatchObject({ status: 'confirmed' });
  return db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, row!.id));
}

describe.each([
  ['a 390 px phone', PHONE],
  ['a 1024×768 tablet', TABLET],
])("'Enviar confirmación al cliente' on %s", (_label, device) => {
  it('appears ticked only with an email; unticked, nothing is sent; ticked, the confirmation is queued', async () => {
    const staff = await suite.openAdmin('/admin', device);
    const book = async (send: boolean) => {
      await staff.getByRole('button', { name: admin.today.addManual }).first().click();
      const dialog = staff.getByRole('dialog', { name: text.title });
      await dialog.waitFor();
      const name = `Marta Aviso ${randomUUID().slice(0, 6)}`;
      await dialog.getByLabel(text.name, { exact: true }).fill(name);
      await dialog.getByLabel(text.phone, { exact: true }).fill('+34 622 333 444');
      await dialog.getByLabel(text.date, { exact: true }).fill(TOMORROW);
      await dialog.getByLabel(text.time, { exact: true }).selectOption('14:00');
      const box = dialog.getByRole('checkbox', { name: text.sendConfirmation });
      expect(await box.count()).toBe(0);

      const email = dialog.getByLabel(text.email, { exact: true });
      await email.fill(`marta-${randomUUID().slice(0, 6)}@example.com`);
      await box.waitFor();
      expect(await box.isChecked()).toBe(true);
      await email.fill('');
      await box.waitFor({ state: 'detached' });
      await email.fill(`marta-${randomUUID().slice(0, 6)}@example.com`);
      await box.waitFor();
      if (!send) await box.setChecked(false);

      await dialog.getByRole('button', { name: text.submit }).click();
      await dialog.waitFor({ state: 'detached' });
      return name;
    };
    expect(await queuedFor(await book(false))).toHaveLength(0);
    expect(await queuedFor(await book(true))).toHaveLength(1);
  });
});
