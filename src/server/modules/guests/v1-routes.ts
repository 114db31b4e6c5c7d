import type { FastifyInstance } from 'fastify';
import { guestListQuerySchema } from '@shared/schemas/guest-profile.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { guestList } from './profile-service.ts';

/** Under /api/v1 (issue 48): the 'Clientes' list, read only, with its search, segments and pages; scope 'clientes'. */
export function registerV1GuestRoutes(app: FastifyInstance, deps: AppDeps): void {
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/guests',
      tag: 'Guests (v1)',
      summary: "The guests' list, with its search, segments and pages",
      scope: 'clientes',
      querystring: guestListQuerySchema,
      responses: { 200: { description: 'A page of guests.' } },
    },
    (_request, _reply, { query }) => guestList(serviceDeps(deps), query()),
  );
}
