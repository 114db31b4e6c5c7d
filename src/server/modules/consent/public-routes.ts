import type { FastifyInstance } from 'fastify';
import { cookieConsentSchema } from '@shared/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { recordCookieConsent } from './service.ts';

export function registerConsentRoutes(app: FastifyInstance, deps: AppDeps): void {
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/cookie-consent',
      tag: 'Privacy',
      summary: "Record a visitor's cookie choice",
      body: cookieConsentSchema,
      responses: { 204: { description: 'Recorded.' } },
    },
    async (request, reply, { body }) => {
      await recordCookieConsent(deps.database.db, body(), request.headers['user-agent']);
      return reply.status(204).send();
    },
  );
}
