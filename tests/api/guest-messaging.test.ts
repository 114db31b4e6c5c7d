import { createServer } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, madridInstant } from '@shared/rules/madrid-time.ts';
import { emailOutbox, feedbackRequests, guestMessages, messagingOptOuts, notificationSettings, pushOutbox, pushSubscriptions, reservations, restaurantConfig, users } from '../../src/server/db/schema.ts';
import { sendDueReminders } from '../../src/server/modules/notifications/reminders.ts';
import { sendDueFeedbackRequests } from '../../src/server/modules/feedback/service.ts';
import { systemClock } from '../../src/server/platform/clock.ts';
import { metaSignature } from '../fakes/messaging/callbacks.ts';
import { startFakeMessaging } from '../fakes/messaging/fake-messaging-server.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { configure, insertReservation, uniqueEmail } from '../support/factories.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { ACCESS_TOKEN, ACCOUNT_SID, APP_SECRET, AUTH_TOKEN, PHONE_NUMBER_ID, SMS, TEMPLATES, VERIFY_TOKEN, WHATSAPP } from '../support/messaging-accounts.ts';

// Issue 46 end to end on one listening app and the local fake of Meta and Twilio: a booking's messages go by the
// guest's channel, the guest's answers (buttons, '9', 'BAJA') act on it once, forged callbacks are refused, and a
// provider that is down makes the message go by email.
const FAKE_TEMPLATES = Object.values(TEMPLATES).map((name) => ({ name, language: 'es', ...(name === TEMPLATES.reminder ? { buttons: ['Confirmo', 'No puedo ir'] } : {}) }));
const MAX_ATTEMPTS = 2;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// The port the app will listen on, chosen first: the fake calls Mesa back there.
let publicUrl: string;
let port: number;
const ownerEmail = uniqueEmail('dueno');
let phoneCounter = 0;
const newPhone = () => `+3460055${String(1000 + ++phoneCounter).padStart(4, '0')}`;

const date = openDayNextWeek();

const fake = usePeer(async () => {
  port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  return startFakeMessaging({
    mesaUrl: publicUrl,
    whatsapp: { accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, templates: FAKE_TEMPLATES },
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, sender: SMS.sender },
    retryDelaysMs: [50, 100, 200, 400, 800, 1600],
  });
});
const { app, db, owner } = useApiSuite(() => ({
  listen: true,
  env: { PORT: String(port), PUBLIC_URL: publicUrl, WHATSAPP_API_URL: fake().url, TWILIO_API_URL: fake().url },
  outboxPollMs: 100,
  outboxRetryBaseMs: 50,
  outboxMaxAttempts: MAX_ATTEMPTS,
  ownerEmail,
  afterStart: connectProviders,
}));

/** WhatsApp and SMS connected in 'Mensajería', reminders on, and an owner's phone, so that staff alerts go as push messages. */
async function connectProviders(): Promise<void> {
  for (const [url, payload] of [['/api/admin/messaging/whatsapp', WHATSAPP], ['/api/admin/messaging/sms', SMS]] as const) {
    const saved = await app().request({ method: 'PUT', url, cookie: owner(), payload, headers: { origin: publicUrl } });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  await configure(db(), { reminder24hEnabled: true });
  const [staff] = await db().select({ id: users.id }).from(users).where(eq(users.email, ownerEmail));
  await db().insert(notificationSettings).values({ id: 1, pushNotificationsEnabled: true }).onConflictDoUpdate({ target: notificationSettings.id, set: { pushNotificationsEnabled: true } });
  await db().insert(pushSubscriptions).values({ userId: staff!.id, endpoint: `${fake().url}/push-endpoint`, p256dh: 'BPushKeyForTests', auth: 'authsecret' });
}

async function booking(channel: 'whatsapp' | 'sms', values: Partial<typeof reservations.$inferInsert> = {}) {
  const phone = newPhone();
  const row = await insertReservation(db(), {
    customerName: 'Lucía Fernández',
    customerEmail: uniqueEmail('mensajes'),
    customerPhoneE164: phone,
    messagingChannel: channel,
    reservationDate: date,
    reservationTime: '14:00',
    status: 'pending',
    createdAt: new Date(Date.now() - 3 * 24 * 3_600_000),
    ...values,
  });
  return { ...row, phone };
}

const messagesFor = (reservationId: string) => db().select().from(guestMessages).where(eq(guestMessages.reservationId, reservationId)).orderBy(guestMessages.id);
const answersFrom = (phone: string) =>
  db().select().from(guestMessages).where(and(eq(guestMessages.direction, 'in'), eq(guestMessages.phoneE164, phone)));
const emailsFor = (reservationId: string, kind?: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, reservationId), ...(kind ? [eq(emailOutbox.kind, kind)] : [])));
const reservationOf = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
const dayBefore = (time = '14:00') => new Date(madridInstant(date, time).getTime() - 20 * 3_600_000);

/** The held messages are due now and delivered; waits for the fake's callbacks to be answered. */
async function deliverNow(): Promise<void> {
  await db().update(guestMessages).set({ nextAttemptAt: new Date() }).where(and(eq(guestMessages.direction, 'out'), sql`sent_at is null and failed_at is null`));
  await app().instance.messages.drain();
  await fake().settled();
}

const sentTo = (phone: string) => fake().messages().filter((message) => message.to === phone);

async function remind(channel: 'whatsapp' | 'sms', values: Partial<typeof reservations.$inferInsert> = {}) {
  const booked = await booking(channel, { status: 'confirmed', ...values });
  expect(await sendDueReminders(db(), dayBefore(booked.reservationTime), new URL(publicUrl))).toBeGreaterThanOrEqual(1);
  await deliverNow();
  const sent = await waitFor(() => sentTo(booked.phone).at(-1), { what: 'the reminder at the fake' });
  await waitFor(async () => (await messagesFor(booked.id))[0]?.status === 'delivered', { what: 'the reminder delivered' });
  return { booked, sent };
}

describe('a booking confirmed by staff, by WhatsApp', () => {
  it('goes as the confirmation template with the private link, no email, and its receipts', async () => {
    const booked = await booking('whatsapp');
    const confirmed = await app().request({ method: 'PATCH', url: `/api/admin/reservations/${booked.id}/status`, cookie: owner(), payload: { status: 'confirmed' }, headers: { origin: publicUrl } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [queued] = await messagesFor(booked.id);
    expect(queued).toMatchObject({ channel: 'whatsapp', kind: 'confirmation', status: 'queued', phoneE164: booked.phone });
    // Held for 'Deshacer': not before the undo window.
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(queued!.fallbackEmail).toMatchObject({ kind: 'reservation_confirmed', to: booked.customerEmail });

    await deliverNow();
    const [sent] = await waitFor(() => (sentTo(booked.phone).length > 0 ? sentTo(booked.phone) : undefined), { what: 'the confirmation at the fake' });
    expect(sent!.template).toMatchObject({ name: TEMPLATES.confirmation, language: 'es' });
    const parameters = sent!.template!.bodyParameters;
    expect(parameters).toHaveLength(6);
    const [config] = await db().select().from(restaurantConfig);
    expect(parameters.slice(0, 2)).toEqual(['Lucía Fernández', config!.name]);
    expect(parameters[3]).toBe('14:00');
    expect(parameters[4]).toBe('2');
    const token = parameters[5]!.match(/^http:\/\/127\.0\.0\.1:\d+\/reserva\/([\w-]{20,})/)?.[1];
    expect(token, parameters[5]).toBeDefined();
    expect(await everyTableAsText(db())).not.toContain(token);
    expect(await emailsFor(booked.id, 'reservation_confirmed')).toEqual([]);

    const row = await waitFor(async () => {
      const [message] = await messagesFor(booked.id);
      return message?.status === 'delivered' ? message : undefined;
    }, { what: "the 'delivered' receipt" });
    expect(row.providerMessageId).toBe(sent!.id);
    fake().markRead(sent!.id);
    await fake().settled();
    expect((await messagesFor(booked.id))[0]!.status).toBe('read');
  });
});

describe('the 24 h reminder by WhatsApp', () => {
  it("'No puedo ir' cancels the booking as the guest, tells the guest and staff, once however often it arrives", async () => {
    const { booked, sent } = await remind('whatsapp');
    expect(sent.template).toMatchObject({ name: TEMPLATES.reminder });
    expect(sent.template!.buttons.map((button) => [button.payload, button.text])).toEqual([
      ['MESA_CONFIRM', 'Confirmo'],
      ['MESA_CANCEL', 'No puedo ir'],
    ]);
    const pushesBefore = (await db().select().from(pushOutbox)).length;

    fake().pressButton(sent.id, 'No puedo ir');
    await fake().settled();
    const cancelled = await reservationOf(booked.id);
    expect([cancelled.status, cancelled.cancelledBy]).toEqual(['cancelled', 'guest']);
    const [answer] = await answersFrom(booked.phone);
    expect(answer).toMatchObject({ outcome: 'cancelled', meaning: 'cancel', reservationId: booked.id });
    expect((await messagesFor(booked.id)).filter((message) => message.kind === 'cancellation' && message.direction === 'out')).toHaveLength(1);
    const told = await waitFor(() => sentTo(booked.phone).find((message) => message.template?.name === TEMPLATES.cancellation), { what: 'the cancellation at the fake' });
    expect(told.template!.bodyParameters).toHaveLength(4);
    expect(told.template!.bodyParameters[3]).toBe('14:00');
    const pushesAfter = (await db().select().from(pushOutbox)).length;
    expect(pushesAfter).toBeGreaterThan(pushesBefore);

    // The provider delivers the same callback again: nothing more happens.
    const delivery = fake().deliveries().findLast((each) => each.kind === 'message')!;
    const replay = await fetch(delivery.url, { method: 'POST', headers: delivery.headers, body: delivery.body });
    expect(replay.status).toBe(200);
    expect(await answersFrom(booked.phone)).toHaveLength(1);
    expect((await messagesFor(booked.id)).filter((message) => message.kind === 'cancellation')).toHaveLength(1);
    expect((await db().select().from(pushOutbox)).length).toBe(pushesAfter);
  });

  it("'Confirmo' marks the booking 'Confirmó asistencia'", async () => {
    const { booked, sent } = await remind('whatsapp', { reservationTime: '14:30' });
    fake().pressButton(sent.id, 'Confirmo');
    await fake().settled();
    const after = await reservationOf(booked.id);
    expect(after.guestConfirmedAt).not.toBeNull();
    expect(after.status).toBe('confirmed');
    expect((await answersFrom(booked.phone))[0]).toMatchObject({ outcome: 'confirmed', meaning: 'confirm' });

    // Thanked once, in free text inside the window the answer opened; a second tap changes nothing more.
    await deliverNow();
    const thanks = await waitFor(() => sentTo(booked.phone).find((message) => message.text?.includes('¡gracias por confirmar, Lucía Fernández!')), { what: 'the thanks at the fake' });
    expect(thanks.text).toContain('a las 14:30');
    fake().pressButton(sent.id, 'Confirmo');
    await fake().settled();
    await deliverNow();
    expect((await messagesFor(booked.id)).filter((message) => message.kind === 'thanks')).toHaveLength(1);
  });

  it('an answer after the booking time is recorded as late and changes nothing; an unknown number is unknown', async () => {
    const { booked, sent } = await remind('whatsapp', { reservationTime: '15:00' });
    const yesterday = addDays(date, -10);
    await db().update(reservations).set({ reservationDate: yesterday }).where(eq(reservations.id, booked.id));
    fake().pressButton(sent.id, 'No puedo ir');
    await fake().settled();
    const after = await reservationOf(booked.id);
    expect([after.status, after.guestConfirmedAt]).toEqual(['confirmed', null]);
    expect((await answersFrom(booked.phone))[0]).toMatchObject({ outcome: 'late', reservationId: booked.id });

    const stranger = newPhone();
    fake().reply(stranger, 'Hola, ¿tenéis mesa hoy?', 'whatsapp');
    await fake().settled();
    expect((await answersFrom(stranger))[0]).toMatchObject({ outcome: 'unknown', reservationId: null });
  });
});

describe('the 24 h reminder by SMS', () => {
  it("says how to answer; '9' cancels; 'BAJA' ends the messages and the next notice goes by email", async () => {
    const { booked, sent } = await remind('sms', { reservationTime: '13:30' });
    expect(sent.channel).toBe('sms');
    expect(sent.text).toContain('1 para confirmar, 9 para cancelar');

    fake().reply(booked.phone, '9', 'sms');
    await fake().settled();
    expect((await reservationOf(booked.id)).status).toBe('cancelled');
    expect((await answersFrom(booked.phone))[0]).toMatchObject({ outcome: 'cancelled' });

    fake().reply(booked.phone, 'BAJA', 'sms');
    await fake().settled();
    expect(await db().select().from(messagingOptOuts).where(eq(messagingOptOuts.phoneE164, booked.phone))).toMatchObject([{ channel: 'sms', keyword: 'BAJA' }]);

    const next = await booking('sms', { status: 'confirmed', reservationTime: '13:30' });
    await db().update(reservations).set({ customerPhoneE164: booked.phone }).where(eq(reservations.id, next.id));
    await sendDueReminders(db(), dayBefore('13:30'), new URL(publicUrl));
    expect(await messagesFor(next.id)).toEqual([]);
    expect(await emailsFor(next.id, 'reminder_24h')).toHaveLength(1);
  });
});

describe('the rating request after a visit (issue 47)', () => {
  it('goes by SMS with its link, and by email to a WhatsApp guest while no feedback template is chosen', async () => {
    const bySms = await booking('sms', { status: 'confirmed', arrivalStatus: 'arrived', reservationTime: '21:00' });
    const byWhatsapp = await booking('whatsapp', { status: 'confirmed', arrivalStatus: 'arrived', reservationTime: '21:00' });
    const due = new Date(madridInstant(date, '21:00').getTime() + 20 * 3_600_000);
    expect(await sendDueFeedbackRequests({ db: db(), clock: systemClock, publicUrl: new URL(publicUrl) }, due)).toBeGreaterThanOrEqual(2);

    await deliverNow();
    const sent = await waitFor(() => sentTo(bySms.phone).at(-1), { what: 'the rating request at the fake' });
    expect(sent.channel).toBe('sms');
    const token = sent.text?.match(/\/valorar\/([\w-]{43})/)?.[1];
    expect(token, sent.text ?? undefined).toBeDefined();
    expect((await fetch(`${publicUrl}/api/public/feedback/${token}`)).status).toBe(200);
    const channelOf = async (id: string) => (await db().select().from(feedbackRequests).where(eq(feedbackRequests.reservationId, id)))[0]?.channel;
    expect(await channelOf(bySms.id)).toBe('sms');

    expect(await messagesFor(byWhatsapp.id)).toEqual([]);
    expect(await emailsFor(byWhatsapp.id, 'feedback_request')).toHaveLength(1);
    expect(await channelOf(byWhatsapp.id)).toBe('email');
  });
});

describe('forged callbacks', () => {
  it('refuses a WhatsApp notification with a wrong signature, storing nothing', async () => {
    const before = (await db().select().from(guestMessages)).length;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '34600000000', phone_number_id: PHONE_NUMBER_ID }, messages: [{ from: '34600000001', id: 'wamid.forged', timestamp: '1', type: 'text', text: { body: 'BAJA' } }] } }] }],
    });
    const forged = await fetch(`${publicUrl}/api/public/messaging/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature('not-the-app-secret', body) },
      body,
    });
    expect(forged.status).toBe(403);
    expect((await db().select().from(guestMessages)).length).toBe(before);
    expect(await db().select().from(messagingOptOuts).where(eq(messagingOptOuts.phoneE164, '+34600000001'))).toEqual([]);
    // The same body rightly signed is taken: the refusal was the signature's.
    const signed = await fetch(`${publicUrl}/api/public/messaging/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(APP_SECRET, body) },
      body,
    });
    expect(signed.status).toBe(200);
  });

  it('refuses a Twilio callback with a wrong signature', async () => {
    const before = (await db().select().from(guestMessages)).length;
    const form = new URLSearchParams({ AccountSid: ACCOUNT_SID, MessageSid: 'SMforged', SmsStatus: 'received', Body: '9', From: '+34600000002', To: SMS.sender });
    const forged = await fetch(`${publicUrl}/api/public/messaging/twilio/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
      body: form.toString(),
    });
    expect(forged.status).toBe(403);
    expect((await db().select().from(guestMessages)).length).toBe(before);
  });

  it("answers Meta's verification with the challenge for the right verify token only", async () => {
    const right = await fake().verifyWebhook(VERIFY_TOKEN);
    expect([right.status, right.ok]).toEqual([200, true]);
    const wrong = await fake().verifyWebhook('no-es-el-token');
    expect([wrong.status, wrong.ok]).toEqual([403, false]);
  });
});

describe('the provider down', () => {
  it('after the last try the message is failed and goes by email', async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) fake().failNext('whatsapp', { kind: 'request', status: 500 });
    const booked = await booking('whatsapp', { status: 'confirmed', reservationTime: '15:30' });
    expect(await sendDueReminders(db(), dayBefore('15:30'), new URL(publicUrl))).toBeGreaterThanOrEqual(1);
    const failed = await waitFor(async () => {
      const [message] = await messagesFor(booked.id);
      return message?.fellBackAt ? message : undefined;
    }, { what: 'the fallback', timeoutMs: 15_000 });
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, providerMessageId: null });
    expect(failed.failedAt).not.toBeNull();
    expect(sentTo(booked.phone)).toEqual([]);
    const emails = await emailsFor(booked.id, 'reminder_24h');
    expect(emails.map((email) => email.toAddress)).toEqual([booked.customerEmail]);
  });

  it("a message queued before the guest answered 'BAJA' goes by email instead", async () => {
    const booked = await booking('whatsapp', { status: 'confirmed', reservationTime: '16:30' });
    const fallbackEmail = { kind: 'reminder_24h', to: booked.customerEmail!, subject: 'Recordatorio', text: 'Te esperamos', reservationId: booked.id };
    await db().insert(guestMessages).values({
      direction: 'out',
      channel: 'whatsapp',
      kind: 'reminder',
      reservationId: booked.id,
      phoneE164: booked.phone,
      body: 'Te esperamos mañana',
      content: { type: 'template', name: TEMPLATES.reminder, language: 'es', parameters: ['Lucía'] },
      fallbackEmail,
      status: 'queued',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    await db().insert(messagingOptOuts).values({ channel: 'whatsapp', phoneE164: booked.phone, keyword: 'BAJA' });
    await deliverNow();
    const [message] = await messagesFor(booked.id);
    expect(message).toMatchObject({ status: 'failed', providerMessageId: null });
    expect(message!.fellBackAt).not.toBeNull();
    expect(sentTo(booked.phone)).toEqual([]);
    expect((await emailsFor(booked.id, 'reminder_24h')).map((email) => email.toAddress)).toEqual([booked.customerEmail]);
  });
});
