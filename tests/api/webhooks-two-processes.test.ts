import { randomUUID } from 'node:crypto';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEndpointCreated } from '@shared/schemas/webhooks.ts';
import { webhookDeliveries } from '../../src/server/db/schema.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { uniqueEmail } from '../support/factories.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// Issue 48, item 3, on two server processes sharing one PostgreSQL database: bookings made on both, every event
// delivered to the endpoint exactly once, by whichever instance claimed it.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const TIMES = ['13:00', '13:30', '14:00', '14:30', '15:00'];

describe.skipIf(!onPostgres)('webhooks delivered by two server processes', () => {
  let two: TwoServers;
  let receiver: WebhookReceiver;
  const date = openDayNextWeek();

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    two = await startTwoServers('webhooks-dos', { SECRETS_KEY: 'webhooks-dos-procesos-clave-0123456789abcdef' });
  }, 180_000);
  afterAll(async () => {
    await two?.stop();
    await receiver?.close();
  }, 60_000);

  it('sends each booking created on either instance once', async () => {
    const added = await two.admin(0, 'POST', '/integrations/webhooks', { url: receiver.url, events: ['reservation.created'], allowLocal: true });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((added.body as WebhookEndpointCreated).secret).toMatch(/^whsec_/);

    const booked: string[] = [];
    await Promise.all(
      TIMES.flatMap((time, index) =>
        two.servers.map(async (server, instance) => {
          const id = randomUUID();
          const response = await fetch(`${server.url}/api/public/reservations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': two.freshIp() },
            body: JSON.stringify({
              id,
              customerName: `Webhook ${['Ana', 'Luis'][instance]} ${'ABCDE'[index]}`,
              customerPhone: `+34 600 30${instance} ${String(index).padStart(3, '0')}`,
              customerEmail: uniqueEmail(`webhooks-dos-${instance}-${index}`),
              numberOfPeople: 2,
              reservationDate: date,
              reservationTime: time,
              privacyConsent: true,
            }),
          });
          expect(response.status, await response.clone().text()).toBe(201);
          booked.push(id);
        }),
      ),
    );
    const received = receiver.received;
    await waitFor(async () => (await two.database.handle.db.select().from(webhookDeliveries).where(isNull(webhookDeliveries.sentAt))).length === 0 && received.length >= booked.length, {
      timeoutMs: 30_000,
      what: 'every delivery sent',
    });
    // Both instances poll and wake on NOTIFY: give a duplicate, if any, the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received).toHaveLength(booked.length);
    expect(new Set(received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(booked.length);
    expect(received.map((delivery) => (JSON.parse(delivery.body) as { data: { id: string } }).data.id).sort()).toEqual([...booked].sort());
  }, 120_000);
});
