import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { madridToday } from '@shared/rules/madrid-time.ts';
import { formatEuros } from '@shared/rules/money.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { changeLogMessages } from '@shared/staff-messages/change-log.ts';
import { billTexts as text } from '@shared/staff-messages/bill.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { openBooking, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation } from '../support/factories.ts';

// Issue 47, item 3: 'Importe de la cuenta' in a booking's detail on a phone, typed as Spanish staff type it.
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const suite = useBrowserSuite();
const db = () => suite.db();
const shown = (cents: number) => formatMessage(text.current, { amount: formatEuros(cents) });

async function billOf(id: string) {
  const [row] = await db().select({ billCents: reservations.billCents }).from(reservations).where(eq(reservations.id, id));
  return row!.billCents;
}

describe("a booking's bill", () => {
  it("takes '45,50' on a phone, shows '45,50 €', keeps it after a reload, and clears it", async () => {
    const booking = await insertReservation(db(), {
      customerName: 'Marta Cuenta',
      reservationDate: madridToday(new Date()),
      reservationTime: '14:00',
      status: 'confirmed',
      arrivalStatus: 'arrived',
    });
    const page = await suite.openAdmin('/admin', PHONE);
    await openBooking(page, 'Marta Cuenta');
    const section = page.getByRole('region', { name: text.heading });
    const field = section.getByRole('textbox', { name: text.label });
    await field.fill('45,50');
    const save = section.getByRole('button', { name: text.save });
    for (const target of [field, save]) expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await save.tap();
    await section.getByText(shown(4550), { exact: true }).waitFor();
    await section.getByRole('status').getByText(text.saved).waitFor();
    expect(await billOf(booking.id)).toBe(4550);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.reload();
    await openBooking(page, 'Marta Cuenta');
    const again = page.getByRole('region', { name: text.heading });
    await again.getByText(shown(4550), { exact: true }).waitFor();
    expect(await again.getByRole('textbox', { name: text.label }).inputValue()).toBe('45,50');

    // A wrong amount is refused in the field, with the keyboard alone.
    await again.getByRole('textbox', { name: text.label }).fill('45,505');
    await page.keyboard.press('Enter');
    await again.getByRole('alert').getByText(text.errors.invalid).waitFor();
    expect(await billOf(booking.id)).toBe(4550);

    await again.getByRole('button', { name: text.clear }).tap();
    await again.getByText(text.none, { exact: true }).waitFor();
    expect(await billOf(booking.id)).toBeNull();

    // The change log names both changes.
    await page.getByRole('button', { name: staffMessages.admin.changeLog.open }).tap();
    const log = page.getByRole('dialog', { name: changeLogMessages.title });
    await log.getByText(new RegExp(`^${changeLogMessages.fields.billCents}: .* → 45,50\\s€$`)).waitFor();
    expect(suite.pageErrors).toEqual([]);
  });

  it('offers the field once the guest is marked as come', async () => {
    await insertReservation(db(), {
      customerName: 'Aún No Llegó',
      reservationDate: madridToday(new Date()),
      reservationTime: '22:00',
      status: 'confirmed',
    });
    const page = await suite.openAdmin('/admin', PHONE);
    const card = await openBooking(page, 'Aún No Llegó');
    expect(await page.getByRole('region', { name: text.heading }).count()).toBe(0);
    await card.getByRole('button', { name: staffMessages.admin.actions.arrived, exact: true }).tap();
    await page.getByRole('region', { name: text.heading }).getByRole('textbox', { name: text.label }).waitFor();
  });
});
