import { ECDH } from 'node:crypto';
import { pushSubscriptionErrors } from '@shared/staff-messages/notifications.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { deleteSubscription, isSubscribed, saveSubscription } from './service.ts';

const base64url = z.string().min(10).max(200, { abort: true }).regex(/^[\w-]+=*$/);

/** An uncompressed point of P-256 (65 bytes, 0x04 || X || Y): what RFC 8291 encrypts to. */
function isP256PublicKey(value: string): boolean {
  const raw = Buffer.from(value, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) return false;
  try {
    ECDH.convertKey(raw, 'prime256v1'); // throws for a point that is not on the curve
    return true;
  } catch {
    return false;
  }
}

// Keys a message could never be encrypted for, or an endpoint it could never be sent to, are refused here:
// stored, they would look subscribed while every push to them fails and is retried for hours.
const p256dh = base64url.refine(isP256PublicKey, pushSubscriptionErrors.invalidP256dh);
const auth = base64url.refine((value) => Buffer.from(value, 'base64url').length === 16, pushSubscriptionErrors.invalidAuth);
// Push services are HTTPS (RFC 8030), and web-push only speaks HTTPS.
const endpoint = z.string().max(2000, { abort: true }).pipe(z.url({ protocol: /^https$/ }));
const subscriptionSchema = z.object({ endpoint, keys: z.object({ p256dh, auth }) });
// Looking up or removing stays possible for a subscription stored before endpoints had to be HTTPS.
const endpointSchema = z.object({ endpoint: z.string().max(2000, { abort: true }).pipe(z.url({ protocol: /^https?$/ })) });

export function registerPushRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  app.get('/push/public-key', async () => ({ publicKey: (await deps.vapidKeys()).publicKey }));
  app.get('/push/subscription', async (request) => {
    const { endpoint: url } = parseInput(endpointSchema, request.query);
    return { subscribed: await isSubscribed(db, request.sessionUser!.id, url) };
  });
  app.post('/push/subscription', async (request, reply) => {
    const subscription = parseInput(subscriptionSchema, request.body);
    await saveSubscription(db, request.sessionUser!.id, subscription, request.headers['user-agent']?.slice(0, 500) ?? null);
    return reply.status(201).send({ subscribed: true });
  });
  app.delete('/push/subscription', async (request, reply) => {
    await deleteSubscription(db, request.sessionUser!.id, parseInput(endpointSchema, request.body).endpoint);
    return reply.status(204).send();
  });
}
