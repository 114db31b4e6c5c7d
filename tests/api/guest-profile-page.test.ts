// Issue 47, item 1: a guest's profile page (every booking, message, feedback, consent and joined profile), and the
// guest's objection to the no-show risk (GDPR art. 21, decision 043): while set, none of their bookings has a risk.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '@shared/schemas/api.ts';
import type { GuestProfilePage, RiskObjection } from '@shared/schemas/guest-profile-page.ts';
import type { CallToConfirm } from '@shared/schemas/no-show-risk.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import { guestProfileMessages } from '@shared/staff-messages/guest-profile.ts';
import {
  consentimientos,
  feedbackRequests,
  guestMerges,
  guestMessages,
  guests,
  messagingConsents,
  messagingOptOuts,
  reservations,
} from '../../src/server/db/schema.ts';
import { insertGuest, insertReservation, insertReservations } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const TOMORROW = '2026-11-25';
const { app, db, clock } = useApiSuite({ at: NOW });
let cookie: string;

beforeEach(async () => {
  cookie = await app().signIn();
  await db().delete(reservations);
  await db().delete(guests);
});

const api = (method: InjectOptions['method'], path: string, body?: unknown, as = cookie) =>
  app().request({ method, url: `/api/admin${path}`, cookie: as, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
async function get<T>(path: string): Promise<T> {
  const response = await api('GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const profileOf = (id: string) => get<GuestProfilePage>(`/guests/${id}/profile`);
const at = (iso: string) => new Date(iso);

let phones = 0;
const nextPhone = () => {
  const digits = String(10_000 + ++phones);
  return { local: `612 3${digits.slice(0, 2)} ${digits.slice(2)}`, e164: `+346123${digits}` };
};

describe("a guest's profile page", () => {
  it('shows the figures, every booking with its bill and rating, messages both ways, feedback, consents and merges', async () => {
    const phone = nextPhone();
    const email = `ana-${randomUUID().slice(0, 8)}@example.com`;
    const ana = await insertGuest(db(), { email, phone: phone.local, note: 'Prefiere terraza', tags: [] });
    const contact = { guestId: ana.id, customerEmail: email, customerPhone: phone.local, customerPhoneE164: phone.e164 };
    const [visit, older, noShow, upcoming] = await insertReservations(db(), [
      { ...contact, customerName: 'Ana Perfil', reservationDate: '2026-11-10', reservationTime: '21:00', numberOfPeople: 4, status: 'completed', arrivalStatus: 'arrived', billCents: 12_000 },
      { ...contact, customerName: 'Ana Perfil', reservationDate: '2026-10-01', reservationTime: '14:00', numberOfPeople: 2, status: 'completed', arrivalStatus: 'arrived' },
      { ...contact, customerName: 'Ana Perfil', reservationDate: '2026-09-05', reservationTime: '21:30', numberOfPeople: 3, status: 'confirmed', arrivalStatus: 'no_show' },
      { ...contact, customerName: 'Ana Perfil', reservationDate: TOMORROW, reservationTime: '20:00', numberOfPeople: 2, status: 'confirmed', messagingChannel: 'whatsapp' },
    ]);
    // The feedback job is another developer's: its rows, as it will write them.
    await db().insert(feedbackRequests).values([
      { reservationId: visit!.id, guestId: ana.id, channel: 'email', tokenHash: `hash-${randomUUID()}`, requestedAt: at('2026-11-11T10:00:00Z'), expiresAt: at('2026-11-25T10:00:00Z'), answeredAt: at('2026-11-11T18:00:00Z'), rating: 4, comment: 'Muy buen arroz' },
      { reservationId: older!.id, guestId: ana.id, channel: 'whatsapp', tokenHash: `hash-${randomUUID()}`, requestedAt: at('2026-10-02T10:00:00Z'), expiresAt: at('2026-10-16T10:00:00Z') },
    ]);
    await db().insert(guestMessages).values([
      { direction: 'out', channel: 'whatsapp', kind: 'confirmation', reservationId: upcoming!.id, phoneE164: phone.e164, body: 'Tu reserva está confirmada', status: 'delivered', createdAt: at('2026-11-23T09:00:00Z') },
      // The guest's answer by phone, tied to no booking.
      { direction: 'in', channel: 'whatsapp', kind: 'answer', phoneE164: phone.e164, body: '¿Hay trona?', status: 'received', outcome: 'message', createdAt: at('2026-11-23T10:00:00Z') },
      // Someone else's.
      { direction: 'in', channel: 'whatsapp', kind: 'answer', phoneE164: '+34699999999', body: 'Otro cliente', status: 'received', createdAt: at('2026-11-23T11:00:00Z') },
    ]);
    await db().insert(consentimientos).values({ clienteEmail: email, versionPolitica: 'v1.0 - 21/09/2025', aceptado: true, reservationId: upcoming!.id, createdAt: at('2026-11-20T10:00:00Z') });
    await db().insert(messagingConsents).values({ channel: 'whatsapp', phoneE164: phone.e164, reservationId: upcoming!.id, consentText: 'Acepto WhatsApp', textVersion: 'mensajeria-v1', createdAt: at('2026-11-20T10:00:00Z') });
    await db().insert(messagingOptOuts).values({ channel: 'sms', phoneE164: phone.e164, keyword: 'STOP', createdAt: at('2026-11-21T10:00:00Z') });
    await db().insert(guestMerges).values({ keptGuestId: ana.id, mergedGuestId: randomUUID(), mergedName: 'Ana Vieja', mergedEmail: 'ana.vieja@example.com', reservationsMoved: 1, actorEmail: 'dueno@example.com', mergedAt: at('2026-11-01T10:00:00Z') });

    const page = await profileOf(ana.id);
    expect(page.name).toBe('Ana Perfil');
    expect(page.guest).toMatchObject({ id: ana.id, email, phone: phone.local, note: 'Prefiere terraza' });
    expect(page.riskObjectedAt).toBeNull();
    expect(page.figures).toEqual({
      visits: 2,
      covers: 6,
      noShows: 1,
      cancellations: 0,
      lateCancellations: 0,
      firstVisitOn: '2026-10-01',
      lastVisitOn: '2026-11-10',
      averageParty: 3,
      averageTicketCents: 12_000,
    });
    expect(page.bookings.map((booking) => [booking.id, booking.billCents, booking.rating])).toEqual([
      [upcoming!.id, null, null],
      [visit!.id, 12_000, 4],
      [older!.id, null, null],
      [noShow!.id, null, null],
    ]);
    expect(page.bookings[3]).toMatchObject({ reservationDate: '2026-09-05', reservationTime: '21:30', numberOfPeople: 3, status: 'confirmed', arrivalStatus: 'no_show' });
    expect(page.messages.map((message) => [message.direction, message.kind, message.body, message.reservationId])).toEqual([
      ['in', 'answer', '¿Hay trona?', null],
      ['out', 'confirmation', 'Tu reserva está confirmada', upcoming!.id],
    ]);
    expect(page.messages[0]).toMatchObject({ channel: 'whatsapp', status: 'received', outcome: 'message' });
    expect(page.feedback).toEqual([
      { reservationId: visit!.id, reservationDate: '2026-11-10', channel: 'email', requestedAt: '2026-11-11T10:00:00.000Z', expiresAt: '2026-11-25T10:00:00.000Z', answeredAt: '2026-11-11T18:00:00.000Z', expired: false, rating: 4, comment: 'Muy buen arroz' },
      { reservationId: older!.id, reservationDate: '2026-10-01', channel: 'whatsapp', requestedAt: '2026-10-02T10:00:00.000Z', expiresAt: '2026-10-16T10:00:00.000Z', answeredAt: null, expired: true, rating: null, comment: null },
    ]);
    expect(page.consents).toEqual({
      privacy: [{ email, policyVersion: 'v1.0 - 21/09/2025', reservationId: upcoming!.id, at: '2026-11-20T10:00:00.000Z' }],
      messaging: [{ channel: 'whatsapp', phone: phone.e164, textVersion: 'mensajeria-v1', reservationId: upcoming!.id, at: '2026-11-20T10:00:00.000Z' }],
      optOuts: [{ channel: 'sms', phone: phone.e164, keyword: 'STOP', at: '2026-11-21T10:00:00.000Z' }],
    });
    expect(page.merges).toEqual([{ name: 'Ana Vieja', email: 'ana.vieja@example.com', phone: null, reservationsMoved: 1, actorEmail: 'dueno@example.com', at: '2026-11-01T10:00:00.000Z' }]);
  });

  it('is empty but whole for a guest with no bookings', async () => {
    const guest = await insertGuest(db());
    const page = await profileOf(guest.id);
    expect(page).toMatchObject({ bookings: [], messages: [], feedback: [], merges: [], consents: { privacy: [], messaging: [], optOuts: [] } });
    expect(page.figures).toMatchObject({ visits: 0, averageParty: null, averageTicketCents: null, firstVisitOn: null });
  });

  it("is the owner's and the encargado's: sala gets 403; an unknown guest 404, a malformed id 400", async () => {
    const guest = await insertGuest(db());
    const manager = await app().signIn({ roles: ['manager'] });
    const floor = await app().signIn({ roles: ['floor'] });
    expect((await api('GET', `/guests/${guest.id}/profile`, undefined, manager)).statusCode).toBe(200);
    expect((await api('PUT', `/guests/${guest.id}/risk-objection`, { objected: true }, manager)).statusCode).toBe(200);
    expect((await api('GET', `/guests/${guest.id}/profile`, undefined, floor)).statusCode).toBe(403);
    expect((await api('PUT', `/guests/${guest.id}/risk-objection`, { objected: false }, floor)).statusCode).toBe(403);
    const unknown = await api('GET', `/guests/${randomUUID()}/profile`);
    expect(unknown.statusCode).toBe(404);
    expect((await api('PUT', `/guests/${randomUUID()}/risk-objection`, { objected: true })).statusCode).toBe(404);
    expect((await api('GET', '/guests/no-es-un-id/profile')).statusCode).toBe(400);
    const badBody = await api('PUT', `/guests/${guest.id}/risk-objection`, { objected: 'sí' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json<{ error: { message: string } }>().error.message).toContain(guestProfileMessages.errors.objection);
  });
});

describe('the objection to the no-show risk', () => {
  it('takes the risk off every list, call-to-confirm and the export while set, and puts it back when cleared', async () => {
    const guest = await insertGuest(db());
    await insertReservations(db(), [
      { guestId: guest.id, reservationDate: '2026-10-10', status: 'confirmed', arrivalStatus: 'no_show' },
      { guestId: guest.id, reservationDate: '2026-10-17', status: 'confirmed', arrivalStatus: 'no_show' },
    ]);
    const booking = await insertReservation(db(), { guestId: guest.id, customerName: 'Rosa Riesgo', reservationDate: TOMORROW, reservationTime: '21:00', status: 'pending', source: 'admin', customerPhone: '600 111 222', createdAt: new Date(NOW) });
    const riskIn = async () => ({
      upcoming: (await get<AdminReservation[]>('/reservations/upcoming')).find((row) => row.id === booking.id)?.noShowRisk ?? null,
      pending: (await get<AdminReservation[]>('/reservations/pending')).find((row) => row.id === booking.id)?.noShowRisk ?? null,
      toCall: (await get<CallToConfirm>('/reservations/call-to-confirm')).items.some((item) => item.id === booking.id),
      exported: (await get<{ reservations: { id: string; noShowRisk: unknown }[] }>(`/guests/${guest.id}/export`)).reservations.find((row) => row.id === booking.id)?.noShowRisk ?? null,
    });
    const before = await riskIn();
    expect(before.upcoming?.level).toBe('alta');
    expect(before.pending?.level).toBe('alta');
    expect(before.toCall).toBe(true);
    expect(before.exported).not.toBeNull();

    const events: ChangeEvent[] = [];
    const stop = app().instance.changes.subscribe((event) => event !== 'resync' && events.push(event));
    try {
      clock.set('2026-11-24T10:03:00Z');
      const set = await api('PUT', `/guests/${guest.id}/risk-objection`, { objected: true });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<RiskObjection>()).toEqual({ riskObjectedAt: '2026-11-24T10:03:00.000Z' });
      // Recorded as a guest edit is, so every open screen refreshes the guest and the bookings' risk.
      await waitFor(() => events.some((event) => event.table === 'guests' && event.action === 'update' && event.id === guest.id), { what: 'the guest change event' });
      await waitFor(() => events.some((event) => event.table === 'reservations'), { what: 'the bookings change event' });
    } finally {
      stop();
    }
    expect(await riskIn()).toEqual({ upcoming: null, pending: null, toCall: false, exported: null });
    expect((await profileOf(guest.id)).riskObjectedAt).toBe('2026-11-24T10:03:00.000Z');

    // Said again later, it keeps its first date.
    clock.set('2026-11-24T10:05:00Z');
    expect((await api('PUT', `/guests/${guest.id}/risk-objection`, { objected: true })).json<RiskObjection>().riskObjectedAt).toBe('2026-11-24T10:03:00.000Z');

    // The guest's data export says so, and when.
    const file = await get<{ guest: { riskObjection: unknown } }>(`/guests/${guest.id}/export`);
    expect(file.guest.riskObjection).toEqual({ objected: true, at: '2026-11-24T10:03:00.000Z' });
    const summary = await api('GET', `/guests/${guest.id}/export.html`);
    expect(summary.body).toContain('Oposición a la valoración de riesgo de no presentarse');

    const cleared = await api('PUT', `/guests/${guest.id}/risk-objection`, { objected: false });
    expect(cleared.json<RiskObjection>()).toEqual({ riskObjectedAt: null });
    const after = await riskIn();
    expect(after.upcoming).toEqual(before.upcoming);
    expect(after.pending).toEqual(before.pending);
    expect(after.toCall).toBe(true);
    expect(after.exported).toEqual(before.exported);
    expect((await get<{ guest: { riskObjection: unknown } }>(`/guests/${guest.id}/export`)).guest.riskObjection).toEqual({ objected: false, at: null });
  });

  it("survives 'Unir clientes' when either profile objected, from its first date", async () => {
    const kept = await insertGuest(db());
    const merged = await insertGuest(db(), { riskObjectedAt: new Date('2026-11-01T09:00:00Z') });
    const response = await api('POST', `/guests/${kept.id}/merge`, { otherGuestId: merged.id });
    expect(response.statusCode, response.body).toBe(200);
    expect((await profileOf(kept.id)).riskObjectedAt).toBe('2026-11-01T09:00:00.000Z');
  });

  it("touches only that guest: another guest's risk stays", async () => {
    const objecting = await insertGuest(db());
    const other = await insertGuest(db());
    const rows = await insertReservations(
      db(),
      [objecting, other].flatMap((guest) => [
        { guestId: guest.id, reservationDate: '2026-10-10', status: 'confirmed', arrivalStatus: 'no_show' } as const,
        { guestId: guest.id, reservationDate: '2026-10-17', status: 'confirmed', arrivalStatus: 'no_show' } as const,
        { guestId: guest.id, reservationDate: TOMORROW, status: 'confirmed', source: 'admin', createdAt: new Date(NOW) } as const,
      ]),
    );
    expect((await api('PUT', `/guests/${objecting.id}/risk-objection`, { objected: true })).statusCode).toBe(200);
    const upcoming = await get<AdminReservation[]>('/reservations/upcoming');
    expect(upcoming.find((row) => row.id === rows[2]!.id)?.noShowRisk).toBeNull();
    expect(upcoming.find((row) => row.id === rows[2]!.id)?.guest?.riskObjected).toBe(true);
    expect(upcoming.find((row) => row.id === rows[5]!.id)?.noShowRisk?.level).toBe('alta');
  });
});
