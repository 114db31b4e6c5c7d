// Issue 46, items 4-5: a booking's 'Mensajes' for staff (every WhatsApp or SMS message to and from its guest, a
// link's token never shown) and staff's reply, which WhatsApp allows only within 24 hours of the guest's last message.
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GuestMessagesView } from '@shared/schemas/messaging.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import { madridToday } from '@shared/rules/madrid-time.ts';
import type { WaitlistEntryView } from '@shared/schemas/waitlist.ts';
import {
  guestMessages,
  messagingOptOuts,
  notificationSettings,
  pushOutbox,
  pushSubscriptions,
  reservations,
  users,
  waitlistEntries,
} from '../../src/server/db/schema.ts';
import { receiveAnswer } from '../../src/server/modules/messaging/answers.ts';
import { insertReservation } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

const HOUR = 60 * 60 * 1000;
const PHONE = '+34612345678';
const { app, db } = useApiSuite();
let cookie: string;

beforeEach(async () => {
  cookie = await app().signIn();
});

const ago = (ms: number) => new Date(Date.now() - ms);
const messagesUrl = (id: string) => `/api/admin/reservations/${id}/messages`;

/** A WhatsApp booking with its confirmation delivered (its link a placeholder) and the guest's answer `answeredAgo`. */
async function bookingWithAnswer(answeredAgo: number, phone = PHONE) {
  const row = await insertReservation(db(), { customerPhone: '612 34 56 78', customerPhoneE164: phone, messagingChannel: 'whatsapp', guestConfirmedAt: ago(answeredAgo) });
  await db().insert(guestMessages).values([
    {
      direction: 'out',
      channel: 'whatsapp',
      kind: 'confirmation',
      reservationId: row.id,
      phoneE164: phone,
      body: 'Tu reserva está confirmada. Gestiónala aquí: https://mesa.example/reserva/mesa-enlace-0123456789abcdef01234567',
      status: 'delivered',
      statusAt: ago(answeredAgo + HOUR),
      sentAt: ago(answeredAgo + 2 * HOUR),
      createdAt: ago(answeredAgo + 2 * HOUR),
    },
    {
      direction: 'in',
      channel: 'whatsapp',
      kind: 'answer',
      reservationId: row.id,
      phoneE164: phone,
      body: '¿Podemos llevar al perro?',
      status: 'received',
      outcome: 'message',
      sentAt: ago(answeredAgo),
      createdAt: ago(answeredAgo),
    },
  ]);
  return row;
}

const staffReplies = (id: string) =>
  db().select().from(guestMessages).where(and(eq(guestMessages.reservationId, id), eq(guestMessages.kind, 'staff_reply')));

describe("a booking's messages", () => {
  it('lists them oldest first, a link as an ellipsis, and the WhatsApp window 24 h after the answer', async () => {
    const row = await bookingWithAnswer(2 * HOUR);
    const response = await app().request({ method: 'GET', url: messagesUrl(row.id), cookie });
    expect(response.statusCode).toBe(200);
    const view = response.json() as GuestMessagesView;
    expect(view.messages.map((message) => [message.direction, message.kind, message.status, message.outcome])).toEqual([
      ['out', 'confirmation', 'delivered', null],
      ['in', 'answer', 'received', 'message'],
    ]);
    expect(view.messages[0]!.body).toBe('Tu reserva está confirmada. Gestiónala aquí: https://mesa.example/reserva/…');
    expect(JSON.stringify(view)).not.toContain('mesa-enlace-');
    expect(view.messages[0]!.fellBackToEmail).toBeNull();
    expect(view.channel).toBe('whatsapp');
    expect(view.canReply).toBe(true);
    const windowEnd = new Date(view.replyOpenUntil!).getTime();
    expect(Math.abs(windowEnd - (Date.now() + 22 * HOUR))).toBeLessThan(60_000);
  });

  it("carries 'Confirmó asistencia' and the channel on the staff's booking", async () => {
    const row = await bookingWithAnswer(2 * HOUR);
    await db().update(reservations).set({ reservationDate: madridToday(new Date()) }).where(eq(reservations.id, row.id));
    const response = await app().request({ method: 'GET', url: '/api/admin/reservations/today', cookie });
    const listed = (response.json() as AdminReservation[]).find((item) => item.id === row.id);
    expect(listed?.messagingChannel).toBe('whatsapp');
    expect(listed?.guestConfirmedAt).toBe(row.guestConfirmedAt!.toISOString());
  });

  it('says whether a message that failed for good went by email instead', async () => {
    const row = await insertReservation(db(), { customerPhoneE164: '+34600000001', messagingChannel: 'sms' });
    const failed = { direction: 'out', channel: 'sms', kind: 'reminder', reservationId: row.id, phoneE164: '+34600000001', body: 'Recordatorio', status: 'failed', failedAt: new Date(), fellBackAt: new Date() } as const;
    await db().insert(guestMessages).values([
      { ...failed, fallbackEmail: { to: 'ana@example.com' }, createdAt: ago(2 * HOUR) },
      { ...failed, fallbackEmail: null, createdAt: ago(HOUR) },
    ]);
    const view = (await app().request({ method: 'GET', url: messagesUrl(row.id), cookie })).json() as GuestMessagesView;
    expect(view.messages.map((message) => message.fellBackToEmail)).toEqual([true, false]);
    expect(view).toMatchObject({ channel: 'sms', replyOpenUntil: null, canReply: true });
  });

  it('may be read by the floor staff', async () => {
    const row = await bookingWithAnswer(2 * HOUR);
    const floor = await app().signIn({ roles: ['floor'] });
    const response = await app().request({ method: 'GET', url: messagesUrl(row.id), cookie: floor });
    expect(response.statusCode).toBe(200);
    expect((response.json() as GuestMessagesView).messages).toHaveLength(2);
  });

  it('answers 404 for an unknown booking and 400 for a malformed id', async () => {
    const unknown = await app().request({ method: 'GET', url: messagesUrl('00000000-0000-4000-8000-000000000000'), cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { message: 'No se pudo encontrar la reserva.' } });
    expect((await app().request({ method: 'GET', url: messagesUrl('not-a-uuid'), cookie })).statusCode).toBe(400);
  });
});

describe("staff's reply", () => {
  it('queues a free text to the guest within the window and answers with the messages', async () => {
    const row = await bookingWithAnswer(2 * HOUR, '+34612340001');
    const response = await app().request({ method: 'POST', url: messagesUrl(row.id), cookie, payload: { text: '  Sí, en la terraza.  ' } });
    expect(response.statusCode).toBe(201);
    const view = response.json() as GuestMessagesView;
    expect(view.messages.at(-1)).toMatchObject({ direction: 'out', kind: 'staff_reply', status: 'queued', body: 'Sí, en la terraza.', channel: 'whatsapp' });
    const [queued, ...more] = await staffReplies(row.id);
    expect(more).toHaveLength(0);
    expect(queued).toMatchObject({ direction: 'out', phoneE164: '+34612340001', content: { type: 'text', text: 'Sí, en la terraza.' }, fallbackEmail: null });
  });

  it('is refused once 24 hours have passed since the guest last wrote, and nothing is queued', async () => {
    const row = await bookingWithAnswer(25 * HOUR, '+34612340002');
    const response = await app().request({ method: 'POST', url: messagesUrl(row.id), cookie, payload: { text: 'Hola' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { message: 'La ventana de 24 horas de WhatsApp está cerrada: escribe al cliente con el enlace de WhatsApp.' } });
    expect(await staffReplies(row.id)).toHaveLength(0);
    const view = (await app().request({ method: 'GET', url: messagesUrl(row.id), cookie })).json() as GuestMessagesView;
    expect(view.canReply).toBe(false);
  });

  it('is refused for a guest who chose no channel', async () => {
    const row = await insertReservation(db(), { customerPhoneE164: '+34612340003', messagingChannel: null });
    const response = await app().request({ method: 'POST', url: messagesUrl(row.id), cookie, payload: { text: 'Hola' } });
    expect(response.statusCode).toBe(409);
    expect(await staffReplies(row.id)).toHaveLength(0);
  });

  it("is refused to a number that answered 'BAJA', even inside the window", async () => {
    const row = await bookingWithAnswer(HOUR, '+34612340005');
    await db().insert(messagingOptOuts).values({ channel: 'whatsapp', phoneE164: '+34612340005', keyword: 'BAJA' });
    const view = (await app().request({ method: 'GET', url: messagesUrl(row.id), cookie })).json() as GuestMessagesView;
    expect(view.canReply).toBe(false);
    const response = await app().request({ method: 'POST', url: messagesUrl(row.id), cookie, payload: { text: 'Hola' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'opted_out', message: 'El cliente pidió no recibir más mensajes (respondió BAJA o STOP).' } });
    expect(await staffReplies(row.id)).toHaveLength(0);
  });

  it('refuses an empty text with a Spanish message', async () => {
    const row = await bookingWithAnswer(2 * HOUR, '+34612340004');
    const response = await app().request({ method: 'POST', url: messagesUrl(row.id), cookie, payload: { text: '   ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: 'Escribe el mensaje.' } });
    expect(await staffReplies(row.id)).toHaveLength(0);
  });
});

describe('an answer to a waitlist offer', () => {
  it("is for staff: alerted, shown on the party's card, the entry left as it was", async () => {
    const phone = '+34612340001';
    const today = madridToday(new Date());
    const [entry] = await db()
      .insert(waitlistEntries)
      .values({ customerName: 'Marta Espera', customerPhone: '612 34 00 01', customerPhoneE164: phone, messagingChannel: 'whatsapp', numberOfPeople: 3, reservationDate: today, timeFrom: '21:00', source: 'guest', status: 'offered' })
      .returning();
    await db().insert(guestMessages).values({
      direction: 'out',
      channel: 'whatsapp',
      kind: 'waitlist_offer',
      waitlistEntryId: entry!.id,
      phoneE164: phone,
      body: 'Se ha liberado una mesa a las 21:00.',
      providerMessageId: 'wamid.oferta-espera',
      status: 'delivered',
      sentAt: ago(HOUR),
      createdAt: ago(HOUR),
    });
    const pushesBefore = (await db().select().from(pushOutbox)).length;
    await db().insert(pushSubscriptions).values({ userId: (await db().select().from(users).limit(1))[0]!.id, endpoint: 'https://push.example/espera', p256dh: 'BPushKeyForTests', auth: 'authsecret' });
    await db().insert(notificationSettings).values({ id: 1, pushNotificationsEnabled: true }).onConflictDoUpdate({ target: notificationSettings.id, set: { pushNotificationsEnabled: true } });

    const answer = { channel: 'whatsapp' as const, from: phone, inReplyTo: 'wamid.oferta-espera', reply: { kind: 'text' as const, text: 'Llegamos en 10 minutos' } };
    await receiveAnswer({ db: db(), clock: { now: () => new Date() }, publicUrl: new URL('https://mesa.example') }, { ...answer, providerMessageId: 'wamid.respuesta-1', text: 'Llegamos en 10 minutos' });

    const [stored] = await db().select().from(guestMessages).where(eq(guestMessages.providerMessageId, 'wamid.respuesta-1'));
    expect(stored).toMatchObject({ outcome: 'message', waitlistEntryId: entry!.id, reservationId: null });
    const pushes = await db().select().from(pushOutbox);
    expect(pushes.length).toBe(pushesBefore + 1);
    expect(JSON.stringify(pushes.at(-1))).toContain('Mensaje de Marta Espera');

    const list = await app().request({ method: 'GET', url: `/api/admin/waitlist?date=${today}`, cookie });
    expect(list.statusCode).toBe(200);
    const card = (list.json() as WaitlistEntryView[]).find((each) => each.id === entry!.id)!;
    expect(card.status).toBe('offered');
    expect(card.guestMessages).toEqual([{ at: stored!.createdAt.toISOString(), body: 'Llegamos en 10 minutos', channel: 'whatsapp' }]);
  });
});
