import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '@shared/schemas/api.ts';
import { consentimientos, emailOutbox, guestAccessTokens, notificationSettings, pushOutbox, pushSubscriptions, reservations } from '../../src/server/db/schema.ts';
import { hashSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { configure, insertStaff } from '../support/factories.ts';
import { freshAddress } from '../support/bookings.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const { app, db, clock } = useApiSuite({ owner: false, at: NOW });

beforeAll(async () => {
  await configure(db(), { adminEmail: 'sala@example.com', address: 'Calle Mayor 1, 28013 Madrid' });
});
beforeEach(async () => {
  await configure(db(), { guestCancelLimitHours: 2, autoConfirmationEnabled: false, reservationDurationMinutes: 90 });
});

function booking(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    customerName: 'María José Núñez',
    customerPhone: '+34 600 123 456',
    customerEmail: `guest-${randomUUID().slice(0, 8)}@example.com`,
    numberOfPeople: 4,
    reservationDate: '2026-11-25',
    reservationTime: '13:30',
    specialRequirement: '',
    privacyConsent: true,
    ...overrides,
  };
}

const LINK = /http:\/\/localhost:3000\/reserva\/([\w-]{43})/;

/** Books through the public API and returns the token of the guest's email as delivered. */
async function bookWithToken(overrides: Record<string, unknown> = {}) {
  const body = booking(overrides);
  const response = await app().request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress: freshAddress() });
  expect(response.statusCode).toBe(201);
  const [guestEmail] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.reservationId, body.id), eq(emailOutbox.toAddress, body.customerEmail)));
  const delivered = await deliveredEmail(db(), guestEmail!, clock);
  const token = delivered.text.match(LINK)![1]!;
  return { body, token, guestEmail: guestEmail!, delivered };
}

const get = (token: string) => app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}`, remoteAddress: freshAddress() });
const cancel = (token: string) =>
  app().request({ method: 'POST', url: `/api/public/guest-reservations/${token}/cancel`, remoteAddress: freshAddress() });
const changeRequest = (token: string, payload: object) =>
  app().request({ method: 'POST', url: `/api/public/guest-reservations/${token}/change-request`, payload, remoteAddress: freshAddress() });
const reservation = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;

describe('the private link', () => {
  it('is 256 random bits in base64url, stored only as its SHA-256', async () => {
    const { body, token, delivered } = await bookWithToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await db().select().from(guestAccessTokens).where(eq(guestAccessTokens.reservationId, body.id));
    expect(stored.map((row) => row.tokenHash)).toContain(hashSelfServiceToken(token));
    for (const row of stored) expect(row.tokenHash).not.toContain(token);
    expect(delivered.html).toContain(`href="http://localhost:3000/reserva/${token}"`);
    // Two bookings never share a token.
    const other = await bookWithToken();
    expect(other.token).not.toBe(token);
  });

  it('shows the reservation without changing anything', async () => {
    const { body, token } = await bookWithToken();
    const before = await reservation(body.id);
    const outboxBefore = (await db().select().from(emailOutbox)).length;
    const response = await get(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.json()).toMatchObject({
      reservation: { customerName: 'María José Núñez', reservationDate: '2026-11-25', reservationTime: '13:30', numberOfPeople: 4, status: 'pending', cancelledBy: null },
      canCancel: true,
      cancelDeadline: '2026-11-25T10:30:00.000Z',
      cancelLimitHours: 2,
      canRequestChange: true,
      restaurant: { address: 'Calle Mayor 1, 28013 Madrid' },
      icsUrl: `/api/public/guest-reservations/${token}/calendar.ics`,
    });
    await get(token);
    expect(await reservation(body.id)).toEqual(before);
    expect((await db().select().from(emailOutbox)).length).toBe(outboxBefore);
  });

  it('answers 404 in Spanish for an unknown or malformed token, on every route', async () => {
    const unknown = Buffer.alloc(32, 7).toString('base64url');
    for (const token of [unknown, 'short', `${unknown}x`]) {
      const response = await get(token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('No encontramos esta reserva. Revisa que el enlace esté completo.');
      expect((await cancel(token)).statusCode).toBe(404);
      expect((await changeRequest(token, { reservationDate: '2026-11-26', reservationTime: '14:00', numberOfPeople: 2 })).statusCode).toBe(404);
      expect((await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}/calendar.ics` })).statusCode).toBe(404);
    }
  });

  it('refuses a cross-site POST like every other write', async () => {
    const { token } = await bookWithToken();
    const response = await app().instance.app.inject({
      method: 'POST',
      url: `/api/public/guest-reservations/${token}/cancel`,
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('cancelling', () => {
  it('cancels before the limit, records who, emails the guest, pushes and tells staff live', async () => {
    await db().update(notificationSettings).set({ pushNotificationsEnabled: true }).where(eq(notificationSettings.id, 1));
    const user = await insertStaff(db(), { email: `push-${randomUUID().slice(0, 6)}@example.com`, passwordHash: 'x' });
    const [subscription] = await db()
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: `https://push.example.com/${randomUUID()}`, p256dh: 'k', auth: 'a' })
      .returning();

    const { body, token } = await bookWithToken();
    const events: ChangeEvent[] = [];
    const unsubscribe = app().instance.changes.subscribe((event) => {
      if (event !== 'resync') events.push(event);
    });
    clock.set('2026-11-25T10:29:00Z'); // 11:29 in Madrid, one minute before the 2-hour limit
    const revisionBefore = (await reservation(body.id)).revision;
    const response = await cancel(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ reservation: { status: 'cancelled', cancelledBy: 'guest' }, canCancel: false });
    expect(await reservation(body.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guest',
      cancellationReason: 'Cancelada por el cliente',
      revision: revisionBefore + 1,
    });
    const emails = await db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, body.id), eq(emailOutbox.kind, 'reservation_cancelled')));
    // Not held for 'Deshacer': only a staff change can be undone.
    expect(emails[0]?.undoGroup).toBeNull();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.toAddress).toBe(body.customerEmail);
    const pushes = await db().select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, subscription!.id));
    expect(pushes.map((push) => (push.payload as { title: string }).title)).toContain('Reserva cancelada por el cliente');
    await waitFor(() => events.some((event) => event.table === 'reservations' && event.id === body.id));
    unsubscribe();
    await db().update(notificationSettings).set({ pushNotificationsEnabled: false }).where(eq(notificationSettings.id, 1));

    // The staff list reads who cancelled.
    const cookie = await app().signIn();
    const list = await app().request({ method: 'GET', url: '/api/admin/reservations/today', cookie });
    expect(list.json().find((row: { id: string }) => row.id === body.id)).toMatchObject({ cancelledBy: 'guest' });
    const log = await app().request({ method: 'GET', url: `/api/admin/reservations/${body.id}/changes`, cookie });
    expect(log.json()).toMatchObject([{ actor: 'guest', action: 'status', changes: { status: [expect.any(String), 'cancelled'] } }]);
  });

  it('answers 409 to a second cancellation', async () => {
    const { token } = await bookWithToken();
    expect((await cancel(token)).statusCode).toBe(200);
    const again = await cancel(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta reserva ya está cancelada.');
  });

  it('refuses after the limit, and the limit is the Reservas setting', async () => {
    const { body, token } = await bookWithToken();
    clock.set('2026-11-25T10:30:00Z'); // exactly 2 hours before 13:30 Madrid
    expect((await get(token)).json().canCancel).toBe(false);
    const late = await cancel(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('cancel_deadline_passed');
    expect((await reservation(body.id)).status).toBe('pending');

    const cookie = await app().signIn();
    const patch = await app().request({ method: 'PATCH', url: '/api/admin/settings', cookie, payload: { guestCancelLimitHours: 1 } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().guestCancelLimitHours).toBe(1);
    expect((await get(token)).json()).toMatchObject({ canCancel: true, cancelLimitHours: 1 });
    expect((await cancel(token)).statusCode).toBe(200);

    const invalid = await app().request({ method: 'PATCH', url: '/api/admin/settings', cookie, payload: { guestCancelLimitHours: 73 } });
    expect(invalid.statusCode).toBe(400);
  });

  it('a staff cancellation is recorded as staff', async () => {
    const { body } = await bookWithToken();
    const cookie = await app().signIn();
    const response = await app().request({
      method: 'PATCH',
      url: `/api/admin/reservations/${body.id}/status`,
      cookie,
      payload: { status: 'cancelled', reason: 'Cerrado por evento' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().cancelledBy).toBe('staff');
  });
});

describe('asking for another time', () => {
  it('creates a pending request linked to the old one, which stays as it was', async () => {
    await configure(db(), { autoConfirmationEnabled: true });
    const { body, token } = await bookWithToken();
    expect((await reservation(body.id)).status).toBe('confirmed');
    // Without 'Confirmación automática' the change waits for staff (with it, a change that fits is confirmed at
    // once: tests/api/change-requests-guest.test.ts).
    await configure(db(), { autoConfirmationEnabled: false });
    const id = randomUUID();
    const response = await changeRequest(token, { id, reservationDate: '2026-11-26', reservationTime: '14:00', numberOfPeople: 3 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id, status: 'pending' });
    expect(await reservation(id)).toMatchObject({
      status: 'pending',
      previousReservationId: body.id,
      customerEmail: body.customerEmail,
      customerName: body.customerName,
      numberOfPeople: 3,
      reservationDate: '2026-11-26',
      reservationTime: '14:00',
    });
    expect((await reservation(body.id)).status).toBe('confirmed');
    // Emails as a normal request, with a link of its own; the consent of the original covers it.
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, id));
    expect(emails.map((email) => email.kind).sort()).toEqual(['reservation_welcome', 'staff_new_reservation']);
    expect((await deliveredEmail(db(), emails.find((email) => email.kind === 'reservation_welcome')!, clock)).text).toMatch(LINK);
    expect(await db().select().from(consentimientos).where(eq(consentimientos.reservationId, id))).toHaveLength(0);
    // Retrying the same id gives the same request.
    const again = await changeRequest(token, { id, reservationDate: '2026-11-26', reservationTime: '14:00', numberOfPeople: 3 });
    expect(again.json()).toEqual({ id, status: 'pending' });
  });

  it('respects availability and the per-email limit', async () => {
    const { body, token } = await bookWithToken();
    const monday = await changeRequest(token, { reservationDate: '2026-11-30', reservationTime: '14:00', numberOfPeople: 2 });
    expect(monday.statusCode).toBe(422);
    // A second change request would replace the first (decision 017): the limit is reached with two more bookings.
    // Stays that do not overlap the first (13:30, 90 minutes) nor each other (issue 41).
    for (const time of ['15:00', '16:30']) {
      const payload = booking({ customerEmail: body.customerEmail, reservationTime: time });
      expect((await app().request({ method: 'POST', url: '/api/public/reservations', payload, remoteAddress: freshAddress() })).statusCode).toBe(201);
    }
    const fourth = await changeRequest(token, { reservationDate: body.reservationDate, reservationTime: '13:00', numberOfPeople: 2 });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toBe('Has alcanzado el límite de 3 reservas por email para ese día.');
    const invalid = await changeRequest(token, { reservationDate: 'mañana', reservationTime: '14:00', numberOfPeople: 0 });
    expect(invalid.statusCode).toBe(400);
  });

  it('is refused for a cancelled reservation', async () => {
    const { token } = await bookWithToken();
    await cancel(token);
    const response = await changeRequest(token, { reservationDate: '2026-11-26', reservationTime: '14:00', numberOfPeople: 2 });
    expect(response.statusCode).toBe(409);
  });
});

describe('calendar', () => {
  const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
  const eventLines = (ics: string) => unfold(ics).split('BEGIN:VEVENT')[1]!.split('\r\n');

  it('serves an RFC 5545 file with the Madrid time zone and the configured duration', async () => {
    await configure(db(), { reservationDurationMinutes: 120 });
    const { body, token } = await bookWithToken();
    const response = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}/calendar.ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toContain('reserva.ics');
    const ics = response.body;
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(unfold(ics)).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid');
    const vevent = eventLines(ics);
    expect(vevent).toContain('DTSTART;TZID=Europe/Madrid:20261125T133000');
    expect(vevent).toContain('DURATION:PT2H');
    expect(vevent).toContain(`UID:${body.id}@localhost`);
    expect(vevent).toContain('LOCATION:Calle Mayor 1\\, 28013 Madrid');
  });

  it('tells the truth: TENTATIVE while pending, then CONFIRMED, then CANCELLED, each change with a higher SEQUENCE', async () => {
    const { body, token } = await bookWithToken();
    const read = async () => {
      const response = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}/calendar.ics` });
      expect(response.statusCode).toBe(200);
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(response.body)).getFirstSubcomponent('vevent')!);
      return { uid: event.uid, sequence: event.sequence, status: event.component.getFirstPropertyValue('status') };
    };
    const pending = await read();
    expect(pending).toEqual({ uid: `${body.id}@localhost`, sequence: 0, status: 'TENTATIVE' });
    // Reading it again changes nothing.
    expect(await read()).toEqual(pending);
    const cookie = await app().signIn();
    const patch = (payload: object) =>
      app().request({ method: 'PATCH', url: `/api/admin/reservations/${body.id}/status`, cookie, payload });
    expect((await patch({ status: 'confirmed' })).statusCode).toBe(200);
    const confirmed = await read();
    expect(confirmed).toMatchObject({ uid: pending.uid, status: 'CONFIRMED' });
    expect(confirmed.sequence).toBeGreaterThan(pending.sequence);
    expect((await cancel(token)).statusCode).toBe(200);
    const cancelled = await read();
    expect(cancelled).toMatchObject({ uid: pending.uid, status: 'CANCELLED' });
    expect(cancelled.sequence).toBeGreaterThan(confirmed.sequence);
  });

  it('is attached, with the link, to the auto-confirmation and to the staff confirmation', async () => {
    await configure(db(), { autoConfirmationEnabled: true });
    const auto = await bookWithToken();
    expect(auto.guestEmail.kind).toBe('reservation_auto_confirmed');
    const [attachment] = auto.delivered.attachments;
    expect(attachment).toMatchObject({ filename: 'reserva.ics', contentType: 'text/calendar; method=PUBLISH; charset=UTF-8' });
    const ics = Buffer.from(attachment!.contentBase64, 'base64').toString('utf8');
    expect(ics).toContain('DURATION:PT1H30M');
    // The link minted at delivery, folded like any long line.
    expect(ics.replace(/\r\n /g, '')).toContain(`URL:http://localhost:3000/reserva/${auto.token}`);
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    // Delivered by the worker (here as an .eml file) as a MIME part of its own: the row is handed back to it (a booking's
    // link is not single-use, so its link and the one read above both open the booking).
    await db().update(emailOutbox).set({ sentAt: null }).where(eq(emailOutbox.id, auto.guestEmail.id));
    await app().instance.outbox.drain();
    const eml = await waitFor(async () => {
      const sentRow = (await db().select().from(emailOutbox).where(eq(emailOutbox.id, auto.guestEmail.id)))[0]!;
      if (!sentRow.sentAt) return false;
      const file = (await readdir(join(app().dataDir, 'outbox'))).find((name) => name.startsWith(`outbox-${auto.guestEmail.id}@`));
      return file ? readFile(join(app().dataDir, 'outbox', file), 'utf8') : false;
    });
    const headers = eml.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/Content-Type: text\/calendar;[^\n]*method=PUBLISH/i);
    expect(headers).toMatch(/Content-Disposition: attachment;[^\n]*filename="?reserva\.ics/i);

    await configure(db(), { autoConfirmationEnabled: false });
    const pending = await bookWithToken();
    expect(pending.guestEmail.attachments).toBeNull();
    const cookie = await app().signIn();
    const confirm = await app().request({ method: 'PATCH', url: `/api/admin/reservations/${pending.body.id}/status`, cookie, payload: { status: 'confirmed' } });
    expect(confirm.statusCode).toBe(200);
    const [confirmation] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reservationId, pending.body.id), eq(emailOutbox.kind, 'reservation_confirmed')));
    expect(confirmation!.attachments).toHaveLength(1);
    const newToken = (await deliveredEmail(db(), confirmation!, clock)).text.match(LINK)![1]!;
    // A new link for this email; the first one still works.
    expect(newToken).not.toBe(pending.token);
    expect((await get(newToken)).json().reservation.status).toBe('confirmed');
    expect((await get(pending.token)).json().reservation.status).toBe('confirmed');
  });
});
