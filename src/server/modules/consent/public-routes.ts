import type { FastifyInstance } from 'fastify';
import { cookieConsentSchema } from '@shared/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { recordCookieConsent } from './service.ts';

export function registerConsentRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/cookie-consent', async (request, reply) => {
    await recordCookieConsent(deps.database.db, parseInput(cookieConsentSchema, request.body), request.headers['user-agent']);
    return reply.status(204).send();
  });
}
