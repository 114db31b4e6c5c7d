import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryView, WebhookEndpointCreated } from '@shared/schemas/webhooks.ts';
import { webhooksMessages as text } from '@shared/staff-messages/webhooks.ts';
import { emailOutbox, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema.ts';
import { newWebhookSecret } from '../../src/server/modules/webhooks/signing.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { bookAsGuest } from '../support/bookings.ts';

// Issue 48, item 3: the owner's webhooks, delivered to a real local receiver that checks each signature with the
// Standard Webhooks library. Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const receiver = usePeer(() => startWebhookReceiver());
const { app, db } = useApiSuite({ owner: false, clock });
let owner: string;


beforeAll(async () => {
  // The test delivers itself, step by step: the instance's own worker would race it.
  await app().instance.webhooks.stop();
  owner = await app().signIn();
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie: owner, ...(payload ? { payload } : {}) });

let booked = 0;
const book = (): Promise<string> =>
  bookAsGuest(app(), (id) => ({
    customerName: 'Lucía Webhook',
    customerPhone: `+34 600 200 ${String(++booked).padStart(3, '0')}`,
    customerEmail: `webhook-${id.slice(0, 8)}@example.com`,
    reservationDate: '2026-11-25',
    reservationTime: '13:30',
  }));

const deliver = () => app().instance.webhooks.drain();
const bodies = () => receiver().received.map((request) => JSON.parse(request.body) as { type: string; data: { id: string; status?: string } });

describe('webhooks', () => {
  let endpoint: WebhookEndpointCreated;

  it("refuses an address on this machine without 'red local', and a non-https one on the open internet", async () => {
    const local = await admin('POST', '/integrations/webhooks', { url: receiver().url, events: ['reservation.created'] });
    expect(local.statusCode).toBe(400);
    expect(local.json().error.fields.url).toBe(text.validation.httpsRequired);
    const localHttps = await admin('POST', '/integrations/webhooks', { url: receiver().url.replace('http:', 'https:'), events: ['reservation.created'] });
    expect(localHttps.json().error.fields.url).toBe(text.errors.localRefused);
    const nothing = await admin('POST', '/integrations/webhooks', { url: 'https://0.0.0.0/hook', events: ['reservation.created'], allowLocal: true });
    expect(nothing.json().error.fields.url).toBe(text.errors.refused);
    const noEvents = await admin('POST', '/integrations/webhooks', { url: receiver().url, events: [], allowLocal: true });
    expect(noEvents.json().error.fields.events).toBe(text.validation.eventsRequired);
  });

  it('adds an endpoint with its secret shown once and sealed at rest', async () => {
    const response = await admin('POST', '/integrations/webhooks', { url: receiver().url, events: ['reservation.created', 'reservation.confirmed'], allowLocal: true });
    expect(response.statusCode, response.body).toBe(201);
    endpoint = response.json();
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(await everyTableAsText(db())).not.toContain(endpoint.secret.slice('whsec_'.length));
    const list = (await admin('GET', '/integrations/webhooks')).json();
    expect(JSON.stringify(list)).not.toContain(endpoint.secret);
  });

  it('delivers the events it wants, signed as Standard Webhooks says, each once', async () => {
    const id = await book();
    const confirmed = await admin('PATCH', `/reservations/${id}/status`, { status: 'confirmed' });
    expect([200, 204]).toContain(confirmed.statusCode);
    await deliver();
    await deliver();
    expect(bodies().map((body) => [body.type, body.data.id])).toEqual([
      ['reservation.created', id],
      ['reservation.confirmed', id],
    ]);
    // Each signature as the specification computes it; the library's own verifier also checks the timestamp against
    // the real time, which this test's frozen clock is not (signing.test.ts runs it on a fresh signature).
    const key = Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64');
    for (const request of receiver().received) {
      const [id, timestamp] = [String(request.headers['webhook-id']), String(request.headers['webhook-timestamp'])];
      expect(timestamp).toBe(String(Math.floor(clock.now().getTime() / 1000)));
      const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64');
      expect(request.headers['webhook-signature']).toBe(`v1,${signature}`);
      expect(() => new Webhook(newWebhookSecret()).verify(request.body, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` })).toThrow();
    }
    expect(new Set(receiver().received.map((request) => request.headers['webhook-id'])).size).toBe(2);
    const log = (await admin('GET', `/integrations/webhooks/${endpoint.endpoint.id}/deliveries`)).json<WebhookDeliveryView[]>();
    expect(log.map((line) => [line.event, line.state, line.lastStatus])).toEqual([
      ['reservation.confirmed', 'sent', 200],
      ['reservation.created', 'sent', 200],
    ]);
  });

  it('judges the address again at delivery: one that is no longer allowed is not contacted', async () => {
    receiver().received.length = 0;
    // As if the name now resolved inside the network: 'Red local' no longer covers it.
    await db().update(webhookEndpoints).set({ allowLocal: false }).where(eq(webhookEndpoints.id, endpoint.endpoint.id));
    expect((await admin('POST', `/integrations/webhooks/${endpoint.endpoint.id}/test`)).statusCode).toBe(201);
    await deliver();
    const [line] = (await admin('GET', `/integrations/webhooks/${endpoint.endpoint.id}/deliveries`)).json<WebhookDeliveryView[]>();
    expect(line).toMatchObject({ test: true, state: 'pending', lastStatus: null, lastError: text.errors.refusedAtDelivery });
    expect(receiver().received).toEqual([]);
    await db().update(webhookEndpoints).set({ allowLocal: true, failingSince: null }).where(eq(webhookEndpoints.id, endpoint.endpoint.id));
    await db().delete(webhookDeliveries).where(eq(webhookDeliveries.id, line!.id));
  });

  it('tries a failed delivery again with the same webhook-id, and pauses an endpoint failing for 24 hours', async () => {
    receiver().received.length = 0;
    receiver().status = 500;
    await book();
    await deliver();
    const [first] = (await admin('GET', `/integrations/webhooks/${endpoint.endpoint.id}/deliveries`)).json<WebhookDeliveryView[]>();
    expect(first).toMatchObject({ state: 'pending', lastStatus: 500, lastError: 'Respondió 500.', attempts: 1 });

    receiver().status = 200;
    clock.set(new Date(clock.now().getTime() + 60 * 60_000));
    await deliver();
    expect(receiver().received.map((request) => request.headers['webhook-id'])).toEqual([first!.messageId, first!.messageId]);

    receiver().status = 503;
    await book();
    await deliver();
    clock.set(new Date(clock.now().getTime() + 25 * 60 * 60_000));
    await deliver();
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.endpoint.id));
    expect(row!.pausedAt).not.toBeNull();
    const told = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'staff_webhook_paused'));
    expect(told.length).toBeGreaterThan(0);
    receiver().status = 200;
  });
});
