// Staff's no-show charges and refunds under /api/admin (issue 45, item 4). The owner and the encargado only: the
// floor's routes (permissions.ts) do not name them, so the guard answers 403.
import type { FastifyInstance } from 'fastify';
import { noShowChargeSchema } from '@shared/schemas/no-show-charge.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { staffActor } from '../reservations/service.ts';
import { chargeNoShow, refundCharge } from './charges-service.ts';
import { paymentsContext } from './connection.ts';

export function registerChargeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  const payments = paymentsContext(deps.config);
  app.post('/reservations/:id/no-show-charge', (request) =>
    chargeNoShow(service, payments, idOf(request), parseInput(noShowChargeSchema, request.body).people, staffActor(request)),
  );
  app.post('/payment-charges/:id/refund', (request) => refundCharge(service, payments, idOf(request), staffActor(request)));
}
