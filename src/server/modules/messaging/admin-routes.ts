import type { FastifyInstance } from 'fastify';
import { staffReplySchema } from '@shared/schemas/guest-message-reply.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { bookingMessages, replyToGuest } from './staff-messages-service.ts';

/** A booking's 'Mensajes' (issue 46): read by anyone on the floor, who may also answer the guest. */
export function registerAdminMessagingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/reservations/:id/messages', (request) => bookingMessages(service, idOf(request)));
  app.post('/reservations/:id/messages', async (request, reply) => {
    const id = idOf(request);
    const { text } = parseInput(staffReplySchema, request.body);
    return reply.status(201).send(await replyToGuest(service, id, text));
  });
}
