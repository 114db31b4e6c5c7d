// Staff's 'Enviar enlace de garantía' under /api/admin (issue 45, item 7). The owner and the encargado only, as for
// the charges: the floor's routes (permissions.ts) do not name it, so the guard answers 403.
import type { FastifyInstance } from 'fastify';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { idOf } from '../../platform/validation.ts';
import { staffActor } from '../reservations/service.ts';
import { paymentsContext } from './connection.ts';
import { sendGuaranteeLink } from './guarantee-link.ts';

export function registerGuaranteeLinkRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  const payments = paymentsContext(deps.config);
  app.post('/reservations/:id/guarantee-link', (request) =>
    sendGuaranteeLink(service, payments, idOf(request), staffActor(request)),
  );
}
