import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { messages } from '@shared/messages.ts';
import { emailOutbox, guests, notificationSettings, pushOutbox, pushSubscriptions, reservations } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { insertGuest, insertReservation, insertStaff } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 22: staff tag a guest from the owner's list and record the guest's allergens (the 14 of EU Regulation
// 1169/2011); every booking of that guest carries them. Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const errors = staffMessages.guests.errors;
const suite = useApiSuite({ clock });
const db = () => suite.db();

const putTags = (id: string, payload: object, cookie?: string | null) => suite.api('PUT', `/guests/${id}/tags`, payload, cookie);
const stored = async (id: string) => (await db().select({ tags: guests.tags, allergens: guests.allergens }).from(guests).where(eq(guests.id, id)))[0]!;

describe('guest tags and allergens', () => {
  it("saves tags from the owner's list and allergens, shown on the guest and on each of their bookings", async () => {
    const guest = await insertGuest(db());
    await insertReservation(db(), { guestId: guest.id, reservationDate: '2026-11-24', customerName: 'Marta Etiquetas' });
    const saved = await putTags(guest.id, { tags: ['VIP', 'Cumpleaños'], allergens: ['gluten', 'nuts'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ tags: ['VIP', 'Cumpleaños'], allergens: ['gluten', 'nuts'] });
    const today = (await suite.api('GET', '/reservations/today')).json() as AdminReservation[];
    expect(today.find((row) => row.customerName === 'Marta Etiquetas')?.guest).toMatchObject({ tags: ['VIP', 'Cumpleaños'], allergens: ['gluten', 'nuts'] });
    // Floor staff may tag too; clearing both lists is a save like any other.
    const floor = await suite.app().signIn({ roles: ['floor'] });
    expect((await putTags(guest.id, { tags: [], allergens: [] }, floor)).statusCode).toBe(200);
    expect(await stored(guest.id)).toEqual({ tags: [], allergens: [] });
  });

  it('refuses a tag the owner does not offer, an unknown or repeated allergen, and an unknown guest, saving nothing', async () => {
    const guest = await insertGuest(db());
    await putTags(guest.id, { tags: ['Habitual'], allergens: ['milk'] });
    const unknownTag = await putTags(guest.id, { tags: ['Habitual', 'Moroso'], allergens: [] });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().error.message).toBe(formatMessage(errors.tagUnknown, { tag: 'Moroso' }));
    for (const allergens of [['chocolate'], ['milk', 'milk'], 'milk']) {
      const refused = await putTags(guest.id, { tags: [], allergens });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(errors.allergensInvalid);
    }
    expect((await putTags(guest.id, { tags: ['VIP', 'VIP'], allergens: [] })).json().error.message).toBe(errors.tagsInvalid);
    expect(await stored(guest.id)).toEqual({ tags: ['Habitual'], allergens: ['milk'] });
    expect((await putTags(randomUUID(), { tags: [], allergens: [] })).statusCode).toBe(404);
    expect((await putTags(guest.id, { tags: [], allergens: [] }, null)).statusCode).toBe(401);
  });

  it('the owner edits the list of tags in Configuración; a tag then offered can be given', async () => {
    const patch = (payload: object) => suite.api('PATCH', '/settings', payload);
    expect((await suite.api('GET', '/settings')).json().guestTagOptions).toEqual(['VIP', 'Habitual', 'Prensa', 'Cumpleaños']);
    const saved = await patch({ guestTagOptions: ['VIP', 'Vegetariano'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().guestTagOptions).toEqual(['VIP', 'Vegetariano']);
    const guest = await insertGuest(db());
    expect((await putTags(guest.id, { tags: ['Vegetariano'], allergens: [] })).statusCode).toBe(200);
    for (const guestTagOptions of [['VIP', 'VIP'], ['x'.repeat(31)], [''], Array.from({ length: 21 }, (_, index) => `T${index}`)]) {
      const refused = await patch({ guestTagOptions });
      expect(refused.statusCode, JSON.stringify(refused.json())).toBe(400);
      expect(refused.json().error.message).toBe(settingsMessages.validation.guestTagOptionsInvalid);
    }
  });
});

describe("allergens declared in the booking form ('Alergias o intolerancias')", () => {
  const book = (email: string, allergens: unknown, time = '14:00') =>
    suite.app().request({
      method: 'POST',
      url: '/api/public/reservations',
      remoteAddress: freshAddress(),
      payload: {
        id: randomUUID(),
        customerName: 'Nora Alergias',
        customerPhone: '+34 600 765 432',
        customerEmail: email,
        numberOfPeople: 2,
        reservationDate: '2026-11-26',
        reservationTime: time,
        specialRequirement: '',
        privacyConsent: true,
        allergens,
      },
    });

  it("join the guest's profile, and never reach a staff email or a push", async () => {
    await db().update(notificationSettings).set({ pushNotificationsEnabled: true, emailNotificationsEnabled: true }).where(eq(notificationSettings.id, 1));
    const staff = await insertStaff(db(), { email: `push-${randomUUID().slice(0, 6)}@example.com`, passwordHash: 'x' });
    await db().insert(pushSubscriptions).values({ userId: staff.id, endpoint: `https://push.example.com/${randomUUID()}`, p256dh: 'k', auth: 'a' });
    const email = `nora-${randomUUID().slice(0, 6)}@example.com`;
    const first = await book(email, ['sesame', 'milk']);
    expect(first.statusCode).toBe(201);
    const [row] = await db().select({ guestId: reservations.guestId }).from(reservations).where(eq(reservations.id, first.json().id));
    expect((await stored(row!.guestId!)).allergens).toEqual(['milk', 'sesame']);
    // Another stay that day (the same one would be refused as a duplicate, issue 41).
    expect((await book(email, ['milk', 'fish'], '16:00')).statusCode).toBe(201);
    expect((await stored(row!.guestId!)).allergens).toEqual(['fish', 'milk', 'sesame']);

    const names = Object.values(messages.allergens).map((name) => name.toLowerCase());
    const pushes = JSON.stringify(await db().select({ payload: pushOutbox.payload }).from(pushOutbox)).toLowerCase();
    expect(pushes).toContain('nora alergias');
    const mails = await db().select({ to: emailOutbox.toAddress, text: emailOutbox.textBody, html: emailOutbox.htmlBody }).from(emailOutbox).where(eq(emailOutbox.reservationId, first.json().id));
    expect(mails.length).toBeGreaterThan(0);
    for (const text of [pushes, ...mails.map((mail) => `${mail.text} ${mail.html ?? ''}`.toLowerCase())]) {
      for (const name of names) expect(text).not.toContain(name);
      for (const code of ['sesame', 'milk']) expect(text).not.toContain(`"${code}"`);
    }
  });

  it('refuses an allergen not on the list, saving nothing', async () => {
    const refused = await book(`x-${randomUUID().slice(0, 6)}@example.com`, ['chocolate']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(messages.reservation.validation.allergensInvalid);
    expect(await db().select().from(reservations).where(eq(reservations.customerName, 'Nora Alergias'))).toHaveLength(2);
  });
});
