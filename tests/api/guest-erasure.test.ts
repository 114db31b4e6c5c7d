import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guestPrivacyMessages } from '@shared/staff-messages/guest-privacy.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { guests, notificationSettings, privacyEvents, pushOutbox, pushSubscriptions, reservations } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { insertStaff } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Issue 24: a guest's data as a file, and its erasure from every table. Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const suite = useApiSuite({ clock });
const db = () => suite.db();

let guestsMade = 0;
/** A guest with everything Mesa can hold about one: bookings by the form, a change, a cancellation, a note, tags,
 * allergens, consents, emails, a staff push, a waitlist entry. */
async function richGuest() {
  const n = ++guestsMade;
  // Letters only, so that no digit of it is mistaken for the phone's; one of 16 letters a place, so two guests never share one.
  const tag = [...randomUUID().replace(/-/g, '').slice(0, 8)].map((hex) => String.fromCharCode(97 + parseInt(hex, 16))).join('');
  const person = {
    name: `Zoe Borrable ${tag}`,
    email: `zoe-${tag}@example.com`,
    phone: `+34 611 ${String(100 + (n % 800)).padStart(3, '0')} ${String(200 + n).padStart(3, '0')}`,
    note: `Alérgica al sésamo ${tag}`,
    request: `Trona para el bebé ${tag}`,
    reason: `Motivo ${tag}`,
  };
  const book = async (date: string, time: string) => {
    const response = await suite.app().request({
      method: 'POST',
      url: '/api/public/reservations',
      remoteAddress: freshAddress(),
      payload: bookingBody({
        customerName: person.name,
        customerPhone: person.phone,
        customerEmail: person.email,
        reservationDate: date,
        reservationTime: time,
        specialRequirement: person.request,
        allergens: ['milk'],
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const first = await book('2026-11-25', '13:30');
  const second = await book('2026-11-26', '14:00');
  expect((await suite.api('PATCH', `/reservations/${first}/status`, { status: 'confirmed' })).statusCode).toBe(200);
  expect((await suite.api('PATCH', `/reservations/${second}/status`, { status: 'cancelled', reason: person.reason })).statusCode).toBe(200);
  const [row] = await db().select({ guestId: reservations.guestId }).from(reservations).where(eq(reservations.id, first));
  const guestId = row!.guestId!;
  expect((await suite.api('PUT', `/guests/${guestId}/note`, { note: person.note })).statusCode).toBe(200);
  expect((await suite.api('PUT', `/guests/${guestId}/tags`, { tags: ['VIP'], allergens: ['milk', 'nuts'] })).statusCode).toBe(200);
  // A full time, so that the guest may join its waitlist.
  await db().update(reservations).set({ numberOfPeople: 30 }).where(eq(reservations.id, second));
  const full = await suite.api('PATCH', '/settings', { maxCoversPerSlot: 2 });
  expect(full.statusCode, full.body).toBe(200);
  const joined = await suite.app().request({
    method: 'POST',
    url: '/api/public/waitlist',
    remoteAddress: freshAddress(),
    payload: bookingBody({
      customerName: person.name,
      customerPhone: person.phone,
      customerEmail: person.email,
      reservationDate: '2026-11-25',
      reservationTime: '13:30',
    }),
  });
  expect(joined.statusCode).toBe(201);
  const unlimited = await suite.api('PATCH', '/settings', { maxCoversPerSlot: null });
  expect(unlimited.statusCode, unlimited.body).toBe(200);
  return { person, guestId, reservationIds: [first, second] };
}

describe("a guest's data", () => {
  it('exports everything Mesa holds about the guest, and logs who asked', async () => {
    const { person, guestId, reservationIds } = await richGuest();
    const response = await suite.api('GET', `/guests/${guestId}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="cliente-${guestId}.json"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const file = response.json();
    expect(file.guest).toMatchObject({ id: guestId, email: person.email, note: person.note, tags: ['VIP'], allergens: ['milk', 'nuts'] });
    expect(file.reservations.map((booking: { id: string }) => booking.id).sort()).toEqual([...reservationIds].sort());
    const first = file.reservations.find((booking: { id: string }) => booking.id === reservationIds[0]);
    expect(first.notes).toContain(person.request);
    expect(first.changes.map((change: { action: string }) => change.action)).toContain('status');
    expect(file.consents.length).toBeGreaterThanOrEqual(3);
    expect(file.consents[0]).toMatchObject({ email: person.email, policyVersion: 'v1.0 - 21/09/2025', accepted: true });
    expect(file.policyVersions).toMatchObject([{ label: 'v1.0 - 21/09/2025', language: 'es', text: expect.stringContaining('Versión v1.0') }]);
    expect(file.emails.length).toBeGreaterThanOrEqual(3);
    expect(file.emails.every((email: { subject: string; queuedAt: string }) => email.subject && email.queuedAt)).toBe(true);
    expect(file.waitlist).toMatchObject([{ customerEmail: person.email, reservationDate: '2026-11-25', timeFrom: '13:30' }]);
    const [event] = await db().select().from(privacyEvents).where(eq(privacyEvents.guestId, guestId));
    expect(event).toMatchObject({ action: 'export', actorEmail: expect.stringContaining('@example.com'), ipAddress: '127.0.0.1' });

    // The readable summary: the same data in Spanish, escaped.
    await db().update(guests).set({ note: `<script>alert(1)</script> ${person.note}` }).where(eq(guests.id, guestId));
    const page = await suite.api('GET', `/guests/${guestId}/export.html`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-disposition']).toBe(`attachment; filename="cliente-${guestId}.html"`);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>');
    for (const text of [person.email, 'miércoles, 25 de noviembre de 2026 a las 13:30, 2 personas: Confirmada', 'Leche y lácteos', 'v1.0 - 21/09/2025', 'En la lista de espera']) {
      expect(page.body).toContain(text);
    }
  });

  it('erases the name, email, phone and notes from every table, keeps the anonymous figures, and logs it by id only', async () => {
    // An owner's phone subscribed to staff alerts: the bookings' alerts name the guest in the push outbox.
    const owner = await insertStaff(db());
    await db().insert(pushSubscriptions).values({ userId: owner.id, endpoint: `https://push.example/${randomUUID()}`, p256dh: 'k', auth: 'a' });
    await db().update(notificationSettings).set({ pushNotificationsEnabled: true });
    const { person, guestId, reservationIds } = await richGuest();
    const before = await everyTableAsText(db());
    for (const trace of [person.name, person.email, person.note, person.request]) expect(before).toContain(trace);
    expect((await db().select().from(pushOutbox)).length).toBeGreaterThan(0);
    const statistics = async () => (await suite.api('GET', '/statistics?from=2026-11-01&to=2026-11-30')).json();
    const figures = await statistics();

    expect((await suite.api('POST', `/guests/${guestId}/erasure`, {})).statusCode).toBe(400);
    const erased = await suite.api('POST', `/guests/${guestId}/erasure`, { confirm: true });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().counts).toMatchObject({ reservations: 2, waitlist: 1 });

    const after = await everyTableAsText(db());
    const digits = person.phone.replace(/\D/g, '');
    for (const trace of [person.name, person.email, person.note, person.request, digits, person.phone, person.reason]) {
      expect(after.includes(trace), `"${trace}" is still stored`).toBe(false);
    }
    const rows = await db().select().from(reservations).where(eq(reservations.id, reservationIds[0]!));
    expect(rows[0]).toMatchObject({
      customerName: guestPrivacyMessages.erasedName,
      customerEmail: null,
      customerPhone: null,
      reservationDate: '2026-11-25',
      reservationTime: '13:30',
      numberOfPeople: 2,
      status: 'confirmed',
      source: 'public',
    });
    expect(await db().select().from(guests).where(eq(guests.id, guestId))).toHaveLength(0);
    expect(await statistics()).toEqual(figures);
    const [event] = await db().select().from(privacyEvents).where(eq(privacyEvents.action, 'erasure'));
    expect(event).toMatchObject({ guestId, actorEmail: expect.stringContaining('@example.com'), ipAddress: '127.0.0.1' });
    expect(JSON.stringify(event)).not.toContain(person.email);

    const listed = await suite.api('GET', '/security/privacy-events');
    expect(listed.json()[0]).toMatchObject({ action: 'erasure', guestId, counts: { reservations: 2 } });
    expect(listed.body).not.toContain(person.email);
    const manager = await suite.app().signIn({ roles: ['manager'] });
    expect((await suite.api('GET', '/security/privacy-events', undefined, manager)).statusCode).toBe(403);

    const again = await suite.api('POST', `/guests/${guestId}/erasure`, { confirm: true });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(staffMessages.guests.errors.notFound);
  });

  it('refuses an unknown guest, a malformed id and the floor staff, changing nothing', async () => {
    const { guestId } = await richGuest();
    expect((await suite.api('GET', `/guests/${randomUUID()}/export`)).statusCode).toBe(404);
    expect((await suite.api('POST', `/guests/${randomUUID()}/erasure`, { confirm: true })).statusCode).toBe(404);
    expect((await suite.api('POST', '/guests/nope/erasure', { confirm: true })).statusCode).toBe(400);
    const floor = await suite.app().signIn({ roles: ['floor'] });
    expect((await suite.api('POST', `/guests/${guestId}/erasure`, { confirm: true }, floor)).statusCode).toBe(403);
    expect((await suite.api('GET', `/guests/${guestId}/export`, undefined, floor)).statusCode).toBe(403);
    const manager = await suite.app().signIn({ roles: ['manager'] });
    expect((await suite.api('GET', `/guests/${guestId}/export`, undefined, manager)).statusCode).toBe(200);
    expect(await db().select().from(guests).where(eq(guests.id, guestId))).toHaveLength(1);
  });
});
