import type { FastifyInstance } from 'fastify';
import { secondStepSchema } from '@shared/schemas/auth.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { qrCodeDataUrl } from './qr-code.ts';
import { confirmEnrolment, renewRecoveryCodes, startEnrolment, turnOff, twoStepStatus } from './service.ts';

/**
 * The signed-in member's own two-step codes, under /api/admin (issue 44): whether they are on, turning them on (a
 * QR code and the seed, then a first code), new recovery codes and turning them off (both after a fresh sign-in,
 * shared/rules/permissions.ts).
 */
export function registerTwoStepRoutes(app: FastifyInstance, service: ServiceDeps, box: SecretBox): void {
  const deps = { db: service.db, clock: service.clock, box };
  app.get('/account/two-step', (request) => twoStepStatus(service.db, request.sessionUser!.id));
  app.post('/account/two-step', async (request) => {
    const { name } = await getRestaurantConfig(service.db);
    const enrolment = await startEnrolment(deps, request.sessionUser!, name);
    return { ...enrolment, qrCode: qrCodeDataUrl(enrolment.uri) };
  });
  app.post('/account/two-step/confirm', (request) =>
    confirmEnrolment(deps, request.sessionUser!.id, parseInput(secondStepSchema, request.body).code, sensitiveActor(request)),
  );
  app.post('/account/two-step/recovery-codes', (request) => renewRecoveryCodes(deps, request.sessionUser!.id, sensitiveActor(request)));
  app.delete('/account/two-step', async (request, reply) => {
    await turnOff(service.db, request.sessionUser!, service.clock.now(), sensitiveActor(request));
    return reply.status(204).send();
  });
}
