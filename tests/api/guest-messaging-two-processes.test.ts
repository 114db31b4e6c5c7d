import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, guestMessages, reservations, waitlistOffers } from '../../src/server/db/schema.ts';
import { metaSignature } from '../fakes/messaging/callbacks.ts';
import { startFakeMessaging, type FakeMessaging } from '../fakes/messaging/fake-messaging-server.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';
import { waitFor } from '../support/wait-for.ts';
import { ACCESS_TOKEN, APP_SECRET, PHONE_NUMBER_ID, WHATSAPP } from '../support/messaging-accounts.ts';

// Issue 46 on two server processes sharing one PostgreSQL database: Meta delivers the guest's 'No puedo ir' to both
// at once (its retries may land on either behind a balancer). The answer is stored and acted on once, and the place
// it frees is offered to the first party on the waitlist.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PARTY = 2;
const TIME = '14:00';
const PHONE = '+34600777001';

describe.skipIf(!onPostgres)('an answer delivered to two server processes at once', () => {
  let two: TwoServers;
  let fake: FakeMessaging;
  const date = openDayNextWeek();
  const db = () => two.database.handle.db;

  beforeAll(async () => {
    fake = await startFakeMessaging({ whatsapp: { accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID } });
    two = await startTwoServers('mensajes-dos', { WHATSAPP_API_URL: fake.url, SECRETS_KEY: 'mensajes-dos-procesos-clave-0123456789abcdef' });
    expect((await two.admin(0, 'PATCH', '/settings', { maxCoversPerSlot: PARTY })).status).toBe(200);
    const saved = await two.admin(0, 'PUT', '/messaging/whatsapp', WHATSAPP);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await two?.stop();
    await fake?.close();
  }, 60_000);

  it('cancels once and offers the freed place to the waitlist', async () => {
    const booked = await insertReservation(db(), {
      customerEmail: uniqueEmail('dos-procesos'),
      customerPhoneE164: PHONE,
      messagingChannel: 'whatsapp',
      reservationDate: date,
      reservationTime: TIME,
      numberOfPeople: PARTY,
      status: 'confirmed',
    });
    // The reminder the guest answers, as the worker leaves it once sent.
    await db().insert(guestMessages).values({
      direction: 'out',
      channel: 'whatsapp',
      kind: 'reminder',
      phoneE164: PHONE,
      body: 'Recordatorio',
      reservationId: booked.id,
      providerMessageId: 'wamid.recordatorio-dos-procesos',
      status: 'delivered',
      sentAt: new Date(),
    });
    const entryId = randomUUID();
    const server = two.servers[0];
    const joined = await fetch(`${server.url}/api/public/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': two.freshIp() },
      body: JSON.stringify({
        id: entryId,
        customerName: 'Primera En Espera',
        customerPhone: '+34 600 123 456',
        customerEmail: uniqueEmail('espera'),
        numberOfPeople: PARTY,
        reservationDate: date,
        reservationTime: TIME,
        privacyConsent: true,
      }),
    });
    expect(joined.status).toBe(201);

    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '200000000000002',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '34600000000', phone_number_id: PHONE_NUMBER_ID },
                contacts: [{ profile: { name: 'Cliente de prueba' }, wa_id: PHONE.slice(1) }],
                messages: [
                  {
                    from: PHONE.slice(1),
                    id: 'wamid.no-puedo-ir-dos-procesos',
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    context: { from: '34600000000', id: 'wamid.recordatorio-dos-procesos' },
                    type: 'button',
                    button: { payload: 'MESA_CANCEL', text: 'No puedo ir' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const headers = { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(APP_SECRET, body) };
    const statuses = await Promise.all(
      two.servers.map(async (each) => (await fetch(`${each.url}/api/public/messaging/whatsapp/webhook`, { method: 'POST', headers, body })).status),
    );
    expect(statuses).toEqual([200, 200]);

    const answers = await db().select().from(guestMessages).where(and(eq(guestMessages.direction, 'in'), eq(guestMessages.phoneE164, PHONE)));
    expect(answers.map((answer) => answer.outcome)).toEqual(['cancelled']);
    const [after] = await db().select().from(reservations).where(eq(reservations.id, booked.id));
    expect([after!.status, after!.cancelledBy]).toEqual(['cancelled', 'guest']);
    const told = await db()
      .select()
      .from(guestMessages)
      .where(and(eq(guestMessages.reservationId, booked.id), eq(guestMessages.kind, 'cancellation')));
    const cancellationEmails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reservationId, booked.id), eq(emailOutbox.kind, 'reservation_cancelled')));
    expect([told.length, cancellationEmails.length]).toEqual([1, 0]);

    const offers = await waitFor(
      async () => {
        const rows = await db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId));
        return rows.length > 0 ? rows : undefined;
      },
      { what: "the waitlist's offer", timeoutMs: 20_000 },
    );
    expect(offers).toHaveLength(1);
  }, 60_000);
});
