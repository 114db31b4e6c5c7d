import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { guestDataMessages } from '@shared/guest-messages/guest-data.ts';
import en from '@shared/i18n/translations/en.ts';
import enEmails from '@shared/i18n/translations/emails/en.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import { guestPrivacyMessages } from '@shared/staff-messages/guest-privacy.ts';
import { noShowRiskMessages } from '@shared/staff-messages/no-show-risk.ts';
import { emailOutbox, erasureRequests, guests, privacyEvents, reservations } from '../../src/server/db/schema.ts';
import { hashSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Issue 24, the guest's own requests from the private link. Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const clock = new ManualClock(NOW);
const { app, db } = useApiSuite({ owner: false, clock });
const e = guestDataMessages.errors;

beforeAll(async () => {
  // The tests render each email themselves (deliveredEmail mints its link): a worker delivering the same email at the
  // same time would mint another link in its place.
  await app().instance.outbox.stop();
});

const post = (url: string) => app().request({ method: 'POST', url, remoteAddress: freshAddress() });
const get = (url: string) => app().request({ method: 'GET', url, remoteAddress: freshAddress() });

/** A guest with two bookings (one to come), and the private link of the first as its email delivers it. */
async function guestWithLink(language = 'es') {
  const tag = randomUUID().slice(0, 8);
  const person = { name: `Olaia Borrado ${tag.replace(/\d/g, 'x')}`, email: `olaia-${tag}@example.com`, phone: `+34 633 ${tag.slice(0, 3).replace(/\D/g, '1')} 123`, request: `Sin gluten ${tag}` };
  const book = async (date: string) => {
    const body = bookingBody({
      customerName: person.name,
      customerPhone: person.phone,
      customerEmail: person.email,
      reservationDate: date,
      reservationTime: '13:30',
      specialRequirement: person.request,
    });
    const headers = { 'accept-language': language };
    expect((await app().request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress: freshAddress(), headers })).statusCode).toBe(201);
    return body.id;
  };
  const first = await book('2026-11-25');
  const second = await book('2026-11-27');
  const [email] = await db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, first));
  const token = (await deliveredEmail(db(), email!, clock)).text.match(/\/reserva\/([\w-]{43})/)![1]!;
  return { person, token, ids: [first, second] };
}

const latestEmail = async (reservationId: string, kind: string) =>
  (await db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, reservationId), eq(emailOutbox.kind, kind)))).at(-1);

describe("'Descargar mis datos'", () => {
  it("emails the export, JSON and readable summary, to the booking's address only, and records it as the guest's", async () => {
    const { person, token, ids } = await guestWithLink();
    const response = await post(`/api/public/guest-reservations/${token}/data-export`);
    expect(response.statusCode).toBe(202);
    const email = (await latestEmail(ids[0]!, 'guest_data_export'))!;
    expect(email.toAddress).toBe(person.email);
    const files = Object.fromEntries(email.attachments!.map((file) => [file.filename, Buffer.from(file.contentBase64, 'base64').toString('utf8')]));
    expect(Object.keys(files)).toEqual(['mis-datos.json', 'mis-datos.html']);
    const exported = JSON.parse(files['mis-datos.json']!);
    expect(exported.guest.email).toBe(person.email);
    expect(exported.reservations.map((booking: { id: string }) => booking.id).sort()).toEqual([...ids].sort());
    expect(exported.policyVersions[0].label).toBe('v1.0 - 21/09/2025');
    expect(files['mis-datos.html']).toContain(person.name);
    // The no-show risk staff see on each booking still to come, in words (issue 47, decision 043): two web
    // requests of a first-time guest.
    const risk = { level: 'media', reasons: [noShowRiskMessages.reasons.firstVisit, noShowRiskMessages.reasons.webRequest] };
    expect(exported.reservations.map((booking: { noShowRisk: unknown }) => booking.noShowRisk)).toEqual([risk, risk]);
    expect(files['mis-datos.html']).toContain(guestPrivacyMessages.summary.noShowRisk);
    expect(files['mis-datos.html']).toContain(`media: ${risk.reasons.join(', ')}`);
    expect(email.textBody).toContain('mis-datos.json');
    const [event] = await db().select().from(privacyEvents).where(and(eq(privacyEvents.guestId, exported.guest.id), eq(privacyEvents.action, 'export')));
    expect(event).toMatchObject({ byGuest: true, actorEmail: null });
  });

  it("gives an English guest the readable summary's field names, statuses and files in English (issue 50, item 6)", async () => {
    const { token, ids } = await guestWithLink('en');
    expect((await post(`/api/public/guest-reservations/${token}/data-export`)).statusCode).toBe(202);
    const email = (await latestEmail(ids[0]!, 'guest_data_export'))!;
    const files = Object.fromEntries(email.attachments!.map((file) => [file.filename, Buffer.from(file.contentBase64, 'base64').toString('utf8')]));
    expect(Object.keys(files)).toEqual(['my-data.json', 'my-data.html']);
    const html = files['my-data.html']!;
    const summary = enEmails.exportSummary;
    expect(html).toContain('<html lang="en">');
    for (const label of [summary.profile, summary.reservations, summary.consents, summary.waitlist]) expect(html).toContain(`<h2>${label}</h2>`);
    expect(html).toContain(`<dt>${summary.phone}</dt>`);
    expect(html).toContain(`${formatLongDate('2026-11-25', 'en')} at 13:30, 2 people: ${en.reservationStatus.pending}`);
    // The restaurant's privacy policy, quoted as accepted, stays in Spanish: the labels around it do not.
    for (const spanish of ['<dt>Teléfono</dt>', '<h2>Reservas</h2>', 'Pendiente', ' a las 13:30']) expect(html).not.toContain(spanish);
  });

  it('allows three an hour per reservation, then says to check the mail first', async () => {
    const { token } = await guestWithLink();
    for (let i = 0; i < 2; i++) expect((await post(`/api/public/guest-reservations/${token}/data-export`)).statusCode).toBe(202);
    expect((await post(`/api/public/guest-reservations/${token}/data-export`)).statusCode).toBe(202);
    const refused = await post(`/api/public/guest-reservations/${token}/data-export`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(e.tooMany);
  });

  it('refuses an unknown or malformed link in Spanish, sending nothing', async () => {
    const before = (await db().select().from(emailOutbox)).length;
    for (const token of ['A'.repeat(43), 'corto']) {
      const response = await post(`/api/public/guest-reservations/${token}/data-export`);
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json().error.message).toMatch(/reserva|enlace|válid/i);
    }
    expect((await db().select().from(emailOutbox)).length).toBe(before);
  });
});

describe("'Borrar mis datos'", () => {
  it('emails a single-use link, stored hashed; confirming cancels what is to come and erases everything', async () => {
    const { person, token, ids } = await guestWithLink();
    expect((await post(`/api/public/guest-reservations/${token}/data-erasure`)).statusCode).toBe(202);
    // Nothing is erased by the request itself.
    expect((await db().select().from(reservations).where(eq(reservations.id, ids[0]!)))[0]!.customerName).toBe(person.name);
    const email = (await latestEmail(ids[0]!, 'data_erasure'))!;
    expect(email.toAddress).toBe(person.email);
    expect(email.textBody).not.toMatch(/\/borrar-datos\/[\w-]{43}/);
    const delivered = await deliveredEmail(db(), email, clock);
    const link = delivered.text.match(/\/borrar-datos\/([\w-]{43})/)![1]!;
    const [request] = await db().select().from(erasureRequests).where(eq(erasureRequests.reservationId, ids[0]!));
    expect(request!.tokenHash).toBe(hashSelfServiceToken(link));

    const view = await get(`/api/public/data-erasure/${link}`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json()).toMatchObject({ upcoming: 2, expiresAt: '2026-11-25T10:00:00.000Z' });

    const confirmed = await post(`/api/public/data-erasure/${link}`);
    expect(confirmed.statusCode).toBe(200);
    for (const id of ids) {
      const [row] = await db().select().from(reservations).where(eq(reservations.id, id));
      expect(row).toMatchObject({ customerName: guestPrivacyMessages.erasedName, customerEmail: null, customerPhone: null, status: 'cancelled', cancelledBy: 'guest' });
    }
    const everything = await everyTableAsText(db());
    for (const trace of [person.email, person.name, person.request]) expect(everything).not.toContain(trace);
    const [event] = await db().select().from(privacyEvents).where(and(eq(privacyEvents.action, 'erasure'), eq(privacyEvents.byGuest, true)));
    expect(event!.counts).toMatchObject({ reservations: 2, cancelled: 2 });

    // The link is used up; the private link no longer opens anything.
    const again = await post(`/api/public/data-erasure/${link}`);
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(e.linkUsed);
    // The booking's old link says the data was erased (issue 50, item 8).
    const erasedLink = await get(`/api/public/guest-reservations/${token}`);
    expect(erasedLink.statusCode).toBe(410);
    expect(erasedLink.json().error.code).toBe('link_erased');
  });

  it('expires after 24 hours, and an unknown link says so', async () => {
    const { person, token, ids } = await guestWithLink();
    expect((await post(`/api/public/guest-reservations/${token}/data-erasure`)).statusCode).toBe(202);
    const link = (await deliveredEmail(db(), (await latestEmail(ids[0]!, 'data_erasure'))!, clock)).text.match(/\/borrar-datos\/([\w-]{43})/)![1]!;
    clock.set('2026-11-25T10:00:01Z');
    try {
      const late = await post(`/api/public/data-erasure/${link}`);
      expect(late.statusCode).toBe(410);
      expect(late.json().error.message).toBe(e.linkExpired);
      expect((await get(`/api/public/data-erasure/${link}`)).statusCode).toBe(410);
      const unknown = await get(`/api/public/data-erasure/${'B'.repeat(43)}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(e.linkNotFound);
      expect((await db().select().from(guests).where(eq(guests.email, person.email)))).toHaveLength(1);
    } finally {
      clock.set(NOW);
    }
  });

  it('after staff erased the guest, the link says the data is already gone', async () => {
    const { token, ids } = await guestWithLink();
    expect((await post(`/api/public/guest-reservations/${token}/data-erasure`)).statusCode).toBe(202);
    const link = (await deliveredEmail(db(), (await latestEmail(ids[0]!, 'data_erasure'))!, clock)).text.match(/\/borrar-datos\/([\w-]{43})/)![1]!;
    const [row] = await db().select({ guestId: reservations.guestId }).from(reservations).where(eq(reservations.id, ids[0]!));
    const owner = await app().signIn();
    expect((await app().request({ method: 'POST', url: `/api/admin/guests/${row!.guestId}/erasure`, cookie: owner, payload: { confirm: true } })).statusCode).toBe(200);
    const late = await post(`/api/public/data-erasure/${link}`);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(e.alreadyErased);
  });
});
