import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { parseInput } from '../../platform/validation.ts';
import { deleteSubscription, isSubscribed, saveSubscription } from './service.ts';

const base64url = z.string().min(10).max(200).regex(/^[A-Za-z0-9_-]+=*$/);
const endpoint = z.url({ protocol: /^https?$/ }).max(2000);
const subscriptionSchema = z.object({ endpoint, keys: z.object({ p256dh: base64url, auth: base64url }) });
const endpointSchema = z.object({ endpoint });

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
