import type { FastifyInstance } from 'fastify';
import { staffWaitlistEntrySchema, waitlistDateQuerySchema } from '@shared/schemas/waitlist.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { needs } from '../../platform/api-key-caller.ts';
import { parseInput } from '../../platform/validation.ts';
import { addEntry, waitlistOn } from './admin-service.ts';

/** Under /api/v1 (issue 48): a date's waitlist, and a party added to it as staff add one. */
export function registerV1WaitlistRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/waitlist', needs('lectura'), (request) => waitlistOn(service, parseInput(waitlistDateQuerySchema, request.query).date));
  app.post('/waitlist', needs('reservas'), async (request, reply) =>
    reply.status(201).send(await addEntry(service, parseInput(staffWaitlistEntrySchema, request.body))),
  );
}
