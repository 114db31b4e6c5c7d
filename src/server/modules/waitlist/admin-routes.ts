import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { staffWaitlistEntrySchema, waitlistBookSchema, waitlistDateQuerySchema } from '@shared/schemas/waitlist.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { staffActor } from '../reservations/service.ts';
import { addEntry, bookEntry, removeEntry, seatEntry, waitlistOn } from './admin-service.ts';

const seatSchema = z.object({ withoutTable: z.boolean().default(false) });

/** 'Lista de espera' on Reservas (issue 23). */
export function registerAdminWaitlistRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/waitlist', (request) => waitlistOn(service, parseInput(waitlistDateQuerySchema, request.query).date));
  app.post('/waitlist', async (request, reply) => reply.status(201).send(await addEntry(service, parseInput(staffWaitlistEntrySchema, request.body))));
  app.delete('/waitlist/:id', (request) => removeEntry(service, idOf(request)));
  app.post('/waitlist/:id/book', async (request, reply) => {
    const { time } = parseInput(waitlistBookSchema, request.body ?? {});
    return reply.status(201).send(await bookEntry(service, idOf(request), time, staffActor(request)));
  });
  app.post('/waitlist/:id/seat', async (request, reply) => {
    const { withoutTable } = parseInput(seatSchema, request.body ?? {});
    return reply.status(201).send(await seatEntry(service, idOf(request), withoutTable, staffActor(request)));
  });
}
