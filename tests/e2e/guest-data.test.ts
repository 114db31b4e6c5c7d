import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { guestPrivacyMessages } from '@shared/staff-messages/guest-privacy.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { securityMessages } from '@shared/staff-messages/security.ts';
import { guests } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, BROWSER_WAIT_MS, openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { insertGuest, insertReservation, insertStaff } from '../support/factories.ts';

// Issue 24, points 1 and 2 on the staff's screens: a guest's data exported and erased from the guest dialog, and the
// record in Seguridad. Tuesday 24 November 2026, 11:00 in Madrid, frozen.
const NOW = new Date('2026-11-24T10:00:00Z');
const TODAY = '2026-11-24';

const guestText = staffMessages.guests;
const text = guestPrivacyMessages;
const security = securityMessages.privacy;
const WAIT = BROWSER_WAIT_MS;

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
/** Four random letters: customer names may not hold digits. */
const letters = () =>
  Array.from(randomUUID().replace(/-/g, '').slice(0, 4), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('');

/** A guest with a visit in October and a booking today at 14:00, with a note and an allergen on the profile. */
async function bookedGuest(name: string) {
  const email = `${letters()}-${randomUUID().slice(0, 8)}@example.com`;
  const phone = `6${randomInt(10_000_000, 99_999_999)}`;
  const guest = await insertGuest(db(), { email, phone, note: `Prefiere la terraza ${letters()}`, allergens: ['gluten'] });
  const values = { customerName: name, customerPhone: phone, customerEmail: email, guestId: guest.id };
  const october = await insertReservation(db(), { ...values, reservationDate: '2026-10-03', status: 'completed', arrivalStatus: 'arrived' });
  const today = await insertReservation(db(), { ...values, reservationDate: TODAY, reservationTime: '14:00', status: 'confirmed' });
  return { guest, email, phone, reservationIds: [october.id, today.id] };
}

async function staffMember(role: 'manager' | 'floor'): Promise<string> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  await insertStaff(db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: [role] });
  return email;
}

/** The guest dialog of the booking `name`, opened from its card with 'Ver cliente', once its reservations are in. */
async function openGuestDialog(page: Page, name: string) {
  const card = await openBooking(page, name);
  await card.getByRole('button', { name: guestText.open }).click();
  const dialog = page.getByRole('dialog', { name: guestText.title });
  await dialog.getByRole('heading', { name: new RegExp(`^${guestText.reservations}`) }).waitFor();
  return dialog;
}

describe("a guest's data from the guest dialog", () => {
  it('the owner exports the file, erases the guest after confirming, and Seguridad lists both', async () => {
    const name = `Begoña Arrieta ${letters()}`;
    const { guest, email, phone, reservationIds } = await bookedGuest(name);
    const owner = await suite.openAdmin('/admin');
    const dialog = await openGuestDialog(owner, name);
    const section = dialog.getByRole('region', { name: text.sectionTitle });

    // 'Exportar datos': a JSON file named after the guest id, holding the profile and both reservations.
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      section.getByRole('button', { name: text.exportLabel }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`cliente-${guest.id}.json`);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      guest: { id: string; email: string; allergens: string[] };
      reservations: Array<{ id: string; customerEmail: string; reservationDate: string }>;
    };
    expect(file.guest).toMatchObject({ id: guest.id, email, allergens: ['gluten'] });
    expect(file.reservations.map((reservation) => reservation.id).sort()).toEqual([...reservationIds].sort());
    expect(file.reservations.every((reservation) => reservation.customerEmail === email)).toBe(true);
    await toast(owner, text.exported).waitFor();

    // 'Resumen legible': the same in a Spanish page, with the guest's name and email escaped into it.
    const [summary] = await Promise.all([
      owner.waitForEvent('download'),
      section.getByRole('button', { name: text.exportSummaryLabel }).click(),
    ]);
    expect(summary.suggestedFilename()).toBe(`cliente-${guest.id}.html`);
    const html = await readFile((await summary.path())!, 'utf8');
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(email);
    expect(html).toContain(name);

    // 'Borrar datos del cliente' asks first; 'Cancelar' leaves the guest as it was.
    await section.getByRole('button', { name: text.eraseLabel }).click();
    const confirm = owner.getByRole('dialog', { name: text.eraseTitle });
    await confirm.getByText(text.eraseDescription).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await db().select().from(guests).where(eq(guests.id, guest.id))).toHaveLength(1);

    await section.getByRole('button', { name: text.eraseLabel }).click();
    await confirm.getByRole('button', { name: text.eraseConfirm }).click();
    await toast(owner, text.erased).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The card now reads 'Cliente borrado', with no guest to open, and no table holds the guest's email or phone.
    const erasedCard = owner.getByRole('article', { name: text.erasedName, exact: true });
    await erasedCard.waitFor({ timeout: WAIT });
    expect(await erasedCard.getByRole('button', { name: guestText.open }).count()).toBe(0);
    expect(await db().select().from(guests).where(eq(guests.id, guest.id))).toHaveLength(0);
    const everything = await everyTableAsText(db());
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(phone);

    // Seguridad: the erasure (newest first) and the two exports, by the owner, for this guest id, with the counts.
    await owner.getByRole('tab', { name: staffMessages.admin.tabs.security }).click();
    const events = owner.getByRole('list', { name: security.title });
    const rows = events.getByRole('listitem').filter({ hasText: guest.id.slice(0, 8) });
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(3);
    const [erasure, exported] = await rows.allTextContents();
    expect(erasure).toContain(security.actions.erasure);
    expect(erasure).toContain(suite.adminEmail);
    expect(erasure).toContain('2 reservas');
    expect(exported).toContain(security.actions.export);
    expect(await rows.first().getByTitle(guest.id).count()).toBe(1);
  });

  it('shows the three buttons to the encargado on a 360 px phone, with 44 px targets, and not to the floor staff', async () => {
    const name = `Ainhoa Goikoetxea ${letters()}`;
    await bookedGuest(name);

    const manager = await suite.openAdmin('/admin', {
      email: await staffMember('manager'),
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const section = (await openGuestDialog(manager, name)).getByRole('region', { name: text.sectionTitle });
    for (const label of [text.exportLabel, text.exportSummaryLabel, text.eraseLabel]) {
      const button = section.getByRole('button', { name: label });
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }

    const floor = await suite.openAdmin('/admin', { email: await staffMember('floor') });
    const dialog = await openGuestDialog(floor, name);
    await dialog.getByLabel(guestText.noteLabel, { exact: true }).waitFor();
    expect(await dialog.getByRole('region', { name: text.sectionTitle }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: text.exportLabel }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: text.eraseLabel }).count()).toBe(0);
  });
});
