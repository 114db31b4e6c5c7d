import type { FastifyInstance } from 'fastify';
import { staffWaitlistEntrySchema, waitlistDateQuerySchema } from '@shared/schemas/waitlist.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { addEntry, waitlistOn } from './admin-service.ts';

const TAG = 'Waitlist (v1)';

/** Under /api/v1 (issue 48): a date's waitlist, and a party added to it as staff add one. */
export function registerV1WaitlistRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/waitlist',
      tag: TAG,
      summary: "A date's waitlist",
      scope: 'lectura',
      querystring: waitlistDateQuerySchema,
      responses: { 200: { description: "The date's entries." } },
    },
    (_request, _reply, { query }) => waitlistOn(service, query().date),
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/waitlist',
      tag: TAG,
      summary: 'Add a party to the waitlist, as staff do',
      scope: 'reservas',
      body: staffWaitlistEntrySchema,
      responses: { 201: { description: 'The entry.' } },
    },
    async (_request, reply, { body }) => reply.status(201).send(await addEntry(service, body())),
  );
}
