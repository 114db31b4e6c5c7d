import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import en from '@shared/i18n/translations/en.ts';
import { guestMessages, messagingConsents, messagingOptOuts, messagingSettings, reservations, waitlistEntries } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { editFormOf } from '../support/edit-form.ts';
import { configure, insertReservation, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Issue 46, item 2: the booking and waitlist forms' box for WhatsApp or SMS. Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db } = useApiSuite({ owner: false, clock });
const WHATSAPP_TEXT = 'Quiero recibir la confirmación y el recordatorio por WhatsApp';
const PREFIX_ES = 'Añade el prefijo de tu país (por ejemplo, +44) para recibir mensajes';

beforeEach(async () => {
  clock.set('2026-11-24T10:00:00Z');
  await db().delete(messagingSettings);
  await configure(db(), { maxCoversPerSlot: null, autoConfirmationEnabled: false });
});

const switchOn = (channel: 'whatsapp' | 'sms') =>
  db()
    .insert(messagingSettings)
    .values({ id: 1, whatsappEnabled: channel === 'whatsapp', smsEnabled: channel === 'sms' })
    .onConflictDoUpdate({ target: messagingSettings.id, set: { whatsappEnabled: channel === 'whatsapp', smsEnabled: channel === 'sms' } });

function booking(overrides: Record<string, unknown> = {}) {
  return bookingBody({
    customerPhone: '612 345 678',
    customerEmail: uniqueEmail('mensajes'),
    reservationDate: '2026-11-25',
    reservationTime: '13:30',
    ...overrides,
  });
}

const post = (url: string, body: object, headers: Record<string, string> = {}) =>
  app().request({ method: 'POST', url, payload: body, headers, remoteAddress: freshAddress() });
const book = (body: object, headers: Record<string, string> = {}) => post('/api/public/reservations', body, headers);

const reservationRow = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
const consentsOf = (id: string) => db().select().from(messagingConsents).where(eq(messagingConsents.reservationId, id));

describe('the booking form offers the channel the owner switched on', () => {
  it('says none, then WhatsApp, then SMS', async () => {
    const calendar = async () => (await app().request({ method: 'GET', url: '/api/public/calendar' })).json().messagingChannel;
    expect(await calendar()).toBeNull();
    await switchOn('whatsapp');
    expect(await calendar()).toBe('whatsapp');
    await switchOn('sms');
    expect(await calendar()).toBe('sms');
  });
});

describe('a booking with the box ticked', () => {
  it('stores the number in E.164, the channel and the consent with the words the guest read', async () => {
    await switchOn('whatsapp');
    const body = booking({ messagingOptIn: true });
    const response = await book(body);
    expect(response.statusCode, response.body).toBe(201);
    const row = await reservationRow(body.id);
    expect(row).toMatchObject({ customerPhone: '612 345 678', customerPhoneE164: '+34612345678', messagingChannel: 'whatsapp' });
    const [consent] = await consentsOf(body.id);
    expect(consent).toMatchObject({
      channel: 'whatsapp',
      phoneE164: '+34612345678',
      language: 'es',
      consentText: WHATSAPP_TEXT,
      textVersion: 'mensajeria-v1',
    });
  });

  it('records the words in the guest’s language, and SMS when only SMS is on', async () => {
    await switchOn('sms');
    const body = booking({ messagingOptIn: true, customerPhone: '+44 7911 123456' });
    const response = await book(body, { 'accept-language': 'en' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await reservationRow(body.id)).toMatchObject({ customerPhoneE164: '+447911123456', messagingChannel: 'sms' });
    const [consent] = await consentsOf(body.id);
    expect(consent).toMatchObject({ channel: 'sms', language: 'en', consentText: en.reservation.form.messagingOptIn.sms });
  });

  it('asks for the country prefix of a foreign number typed without it, in the guest’s language', async () => {
    await switchOn('whatsapp');
    const body = booking({ messagingOptIn: true, customerPhone: '07911 123456' });
    const spanish = await book(body);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().error).toMatchObject({ message: PREFIX_ES, fields: { customerPhone: PREFIX_ES } });
    const english = await book(body, { 'accept-language': 'en' });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.fields.customerPhone).toBe('Add your country code (for example, +44) to receive messages');
    expect(await db().select().from(reservations).where(eq(reservations.id, body.id))).toHaveLength(0);
  });

  it('refuses a fixed line, which WhatsApp cannot reach, and a number that reads as none', async () => {
    await switchOn('whatsapp');
    const fixed = await book(booking({ messagingOptIn: true, customerPhone: '915 123 456' }));
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().error.fields.customerPhone).toBe('Para recibir mensajes por WhatsApp necesitamos un número de móvil');
    const unreadable = await book(booking({ messagingOptIn: true, customerPhone: '+99 1234 5678' }));
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.fields.customerPhone).toBe(messages.reservation.validation.phoneUnreadable);
  });

  it('re-opts in a number that had answered BAJA on that channel', async () => {
    await switchOn('whatsapp');
    await db().insert(messagingOptOuts).values([
      { channel: 'whatsapp', phoneE164: '+34612345678', keyword: 'BAJA' },
      { channel: 'sms', phoneE164: '+34612345678', keyword: 'STOP' },
    ]);
    const body = booking({ messagingOptIn: true });
    expect((await book(body)).statusCode).toBe(201);
    const left = await db().select().from(messagingOptOuts).where(eq(messagingOptOuts.phoneE164, '+34612345678'));
    expect(left.map((row) => row.channel)).toEqual(['sms']);
    expect(await consentsOf(body.id)).toHaveLength(1);
  });
});

describe('without the box, or with no channel on', () => {
  it('books a foreign number without prefix as the spec says, keeping no E.164 form nor channel', async () => {
    await switchOn('whatsapp');
    const body = booking({ customerPhone: '07911 123456' });
    const response = await book(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(await reservationRow(body.id)).toMatchObject({ customerPhone: '07911 123456', customerPhoneE164: null, messagingChannel: null });
    expect(await consentsOf(body.id)).toHaveLength(0);
  });

  it('keeps the E.164 form of every phone that reads, without a channel', async () => {
    const body = booking();
    expect((await book(body)).statusCode).toBe(201);
    expect(await reservationRow(body.id)).toMatchObject({ customerPhoneE164: '+34612345678', messagingChannel: null });
  });

  it('ignores the box while no channel is on: booked, no channel, no consent', async () => {
    const body = booking({ messagingOptIn: true, customerPhone: '07911 123456' });
    const response = await book(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(await reservationRow(body.id)).toMatchObject({ messagingChannel: null });
    expect(await consentsOf(body.id)).toHaveLength(0);
  });
});

describe('the waitlist and change requests', () => {
  it('saves the channel and the consent on a waitlist entry', async () => {
    await switchOn('whatsapp');
    await configure(db(), { maxCoversPerSlot: 4 });
    await insertReservation(db(), { reservationDate: '2026-11-26', reservationTime: '13:30', numberOfPeople: 4, status: 'confirmed', customerEmail: uniqueEmail() });
    const body = booking({ reservationDate: '2026-11-26', numberOfPeople: 2, messagingOptIn: true });
    const response = await post('/api/public/waitlist', body);
    expect(response.statusCode, response.body).toBe(201);
    const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, body.id));
    expect(entry).toMatchObject({ customerPhoneE164: '+34612345678', messagingChannel: 'whatsapp' });
    const consents = await db().select().from(messagingConsents).where(eq(messagingConsents.waitlistEntryId, body.id));
    expect(consents).toMatchObject([{ channel: 'whatsapp', consentText: WHATSAPP_TEXT, reservationId: null }]);
  });

  it('carries the channel and number over to the request that would replace a booking', async () => {
    await switchOn('whatsapp');
    const body = booking({ messagingOptIn: true });
    const created = await book(body);
    expect(created.statusCode).toBe(201);
    const token = (created.json().managePath as string).split('/').at(-1)!;
    const change = await post(`/api/public/guest-reservations/${token}/change-request`, {
      reservationDate: '2026-11-27',
      reservationTime: '14:00',
      numberOfPeople: 3,
    });
    expect(change.statusCode, change.body).toBeLessThan(300);
    const replacement = await reservationRow(change.json().id);
    expect(replacement).toMatchObject({ previousReservationId: body.id, customerPhoneE164: '+34612345678', messagingChannel: 'whatsapp' });
    // The consent given with the booking covers it: no second row.
    expect(await consentsOf(replacement.id)).toHaveLength(0);
  });
});

describe('the guest’s data', () => {
  it('lists the messaging consents in the export, and erasure removes them with the messages and the number', async () => {
    await switchOn('whatsapp');
    const body = booking({ messagingOptIn: true, customerPhone: '622 987 654' });
    expect((await book(body)).statusCode).toBe(201);
    await db().insert(guestMessages).values({
      direction: 'in',
      channel: 'whatsapp',
      kind: 'answer',
      reservationId: body.id,
      phoneE164: '+34622987654',
      body: 'Llegamos 10 minutos tarde',
      status: 'received',
      sentAt: clock.now(),
    });
    const { guestId } = await reservationRow(body.id);
    const staff = await app().signIn();
    const exported = await app().request({ method: 'GET', url: `/api/admin/guests/${guestId}/export`, cookie: staff });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().messagingConsents).toMatchObject([{ channel: 'whatsapp', phone: '+34622987654', text: WHATSAPP_TEXT, textVersion: 'mensajeria-v1' }]);
    const summary = await app().request({ method: 'GET', url: `/api/admin/guests/${guestId}/export.html`, cookie: staff });
    expect(summary.body).toContain(`«${WHATSAPP_TEXT}» (WhatsApp, +34622987654, mensajeria-v1)`);

    const erased = await app().request({ method: 'POST', url: `/api/admin/guests/${guestId}/erasure`, payload: { confirm: true }, cookie: staff });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await reservationRow(body.id)).toMatchObject({ customerPhone: null, customerPhoneE164: null, messagingChannel: null });
    expect(await db().select().from(messagingConsents).where(eq(messagingConsents.phoneE164, '+34622987654'))).toHaveLength(0);
    expect(await db().select().from(guestMessages).where(eq(guestMessages.phoneE164, '+34622987654'))).toHaveLength(0);
  });
});

describe('staff', () => {
  it('keep the E.164 form of the phone they type, on a new booking, an edit and its undo', async () => {
    const staff = await app().signIn();
    const api = (method: 'POST' | 'PATCH', url: string, payload: object) => app().request({ method, url: `/api/admin${url}`, payload, cookie: staff });
    const created = await api('POST', '/reservations', {
      customerName: 'Jordi Puig',
      customerPhone: '+33 6 12 34 56 78',
      customerEmail: uniqueEmail('sala'),
      numberOfPeople: 2,
      reservationDate: '2026-11-25',
      reservationTime: '14:00',
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = await reservationRow(created.json().id);
    expect(row.customerPhoneE164).toBe('+33612345678');

    const edited = await api('PATCH', `/reservations/${row.id}`, editFormOf(row, { customerPhone: '699 111 222' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await reservationRow(row.id)).customerPhoneE164).toBe('+34699111222');
    const undo = edited.json().undo;
    expect(undo).toBeTruthy();
    expect((await api('POST', '/reservations/undo', { group: undo.group })).statusCode).toBe(200);
    expect(await reservationRow(row.id)).toMatchObject({ customerPhone: '+33 6 12 34 56 78', customerPhoneE164: '+33612345678' });
  });
});
