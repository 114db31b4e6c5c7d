import type { FastifyInstance } from 'fastify';
import { guestListQuerySchema } from '@shared/schemas/guest-profile.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { needs } from '../../platform/api-key-caller.ts';
import { parseInput } from '../../platform/validation.ts';
import { guestList } from './profile-service.ts';

/** Under /api/v1 (issue 48): the 'Clientes' list, read only, with its search, segments and pages; scope 'clientes'. */
export function registerV1GuestRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/guests', needs('clientes'), (request) => guestList(serviceDeps(deps), parseInput(guestListQuerySchema, request.query)));
}
