// Issue 26: the server answers a guest in their language (Accept-Language, as the client sends the chosen one),
// remembers it on the booking and its consent, and writes that guest's emails and calendar file in it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { guestEmailTranslations, guestTextTranslations } from '@shared/i18n/translations/index.ts';
import { messages } from '@shared/messages.ts';
import { consentimientos, emailOutbox, reservations, waitlistEntries } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';
import { configure } from '../support/factories.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db } = useApiSuite({ owner: false, clock });

beforeEach(() => clock.set('2026-11-24T10:00:00Z'));

const booking = (overrides: Record<string, unknown> = {}) =>
  bookingBody({
    customerName: 'Emma Clarke',
    customerPhone: '+44 7700 900123',
    customerEmail: `emma-${randomUUID().slice(0, 8)}@example.com`,
    reservationDate: '2026-11-28',
    ...overrides,
  });

const post = (url: string, body: object, language?: string) =>
  app().request({
    method: 'POST',
    url,
    payload: body,
    remoteAddress: freshAddress(),
    headers: language === undefined ? {} : { 'accept-language': language },
  });
const book = (body: object, language?: string) => post('/api/public/reservations', body, language);

describe('validation and error messages', () => {
  it('come in the language the request asks for, field by field', async () => {
    const response = await book(booking({ customerName: 'E', customerEmail: 'not-an-email', privacyConsent: false }), 'en');
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    const en = guestTextTranslations.en.reservation.validation;
    expect(error.fields.customerName).toBe(en.nameMin);
    expect(error.fields.privacyConsent).toBe(en.consentRequired);
    expect(error.message).toBe(en.nameMin);
    expect(Object.values(error.fields)).not.toContain(messages.reservation.validation.nameMin);
  });

  it('follow the best of the listed languages, and Spanish when none is ours or the header is malformed', async () => {
    const bad = booking({ customerName: 'E' });
    const name = async (language: string) => (await book({ ...bad, id: randomUUID() }, language)).json().error.fields.customerName;
    expect(await name('pt-BR, ca;q=0.8, en;q=0.5')).toBe(guestTextTranslations.ca.reservation.validation.nameMin);
    expect(await name('de-CH')).toBe(guestTextTranslations.de.reservation.validation.nameMin);
    expect(await name('pt-BR, zh')).toBe(messages.reservation.validation.nameMin);
    expect(await name(';;q=x,,,\u00ff')).toBe(messages.reservation.validation.nameMin);
    expect((await book({ ...bad, id: randomUUID() })).json().error.fields.customerName).toBe(messages.reservation.validation.nameMin);
  });

  it('include the rules refused after validation (the per-email daily limit), in French', async () => {
    const email = `limite-${randomUUID().slice(0, 8)}@example.com`;
    // Stays that do not overlap: one guest's overlapping stays are refused otherwise (issue 41).
    for (const time of ['13:00', '14:30', '16:00']) expect((await book(booking({ customerEmail: email, reservationTime: time }), 'fr')).statusCode).toBe(201);
    const refused = await book(booking({ customerEmail: email, reservationTime: '17:30' }), 'fr');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(guestTextTranslations.fr.reservation.errors.rateLimit);
  });

  it("stay Spanish on the staff's API, whatever the browser asks for", async () => {
    const response = await app().request({ method: 'GET', url: '/api/admin/reservations?date=2026-11-28', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(messages.http.unauthorized);
  });
});

describe('a booking made in English', () => {
  it('remembers the language on the reservation and its consent (with the words the guest accepted)', async () => {
    const body = booking();
    expect((await book(body, 'en-GB,en;q=0.9')).statusCode).toBe(201);
    const [row] = await db().select().from(reservations).where(eq(reservations.id, body.id));
    expect(row?.language).toBe('en');
    const [consent] = await db().select().from(consentimientos).where(eq(consentimientos.reservationId, body.id));
    const form = guestTextTranslations.en.reservation.form;
    expect(consent).toMatchObject({ language: 'en', consentText: `${form.consentPrefix} ${form.consentLink}` });
  });

  it('gets its welcome email in English (subject, details, html lang), the staff alert staying Spanish', async () => {
    const body = booking();
    expect((await book(body, 'en')).statusCode).toBe(201);
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, body.id));
    const guest = emails.find((email) => email.toAddress === body.customerEmail)!;
    const en = guestEmailTranslations.en;
    expect(guest.subject).toBe(en.templates.welcomeEmailSubject);
    expect(guest.htmlBody).toContain('<html lang="en">');
    expect(guest.textBody).toContain('on Saturday, 28 November 2026 at 14:00');
    expect(guest.textBody).toContain(`${en.manageLabel}: `);
    expect(guest.textBody).toContain('Emma Clarke');
    expect(guest.textBody).not.toContain('Hemos recibido');
  });

  it("uses the staff's own English wording of a template once they have written one", async () => {
    await configure(db(), { templateTranslations: { en: { welcomeEmailSubject: 'We have your request, {customerName}' } } });
    try {
      const body = booking();
      expect((await book(body, 'en')).statusCode).toBe(201);
      const [guest] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.customerEmail));
      expect(guest?.subject).toBe('We have your request, {customerName}');
    } finally {
      await configure(db(), { templateTranslations: {} });
    }
  });

  it('serves its calendar file in English', async () => {
    const body = booking({ numberOfPeople: 1 });
    const created = (await book(body, 'en')).json();
    const ics = await app().request({ method: 'GET', url: created.calendarPath, remoteAddress: '10.26.250.1' });
    expect(ics.statusCode).toBe(200);
    const unfolded = ics.body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toMatch(/^SUMMARY:.*\S/m);
    expect(unfolded).not.toContain('Reserva en');
    expect(unfolded).toMatch(/DESCRIPTION:1 person\b/);
  });
});

describe('the waitlist in Catalan', () => {
  it('refuses a time that still has room, in Catalan', async () => {
    const refused = await post('/api/public/waitlist', { ...booking({ reservationTime: '14:00' }) }, 'ca');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(guestTextTranslations.ca.waitlist.errors.notFull);
    expect(await db().select().from(waitlistEntries)).toHaveLength(0);
  });
});
