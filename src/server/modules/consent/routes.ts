import type { FastifyInstance } from 'fastify';
import { formatMessage, messages } from '@shared/messages.ts';
import { cookieConsentSchema } from '@shared/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { cookieConsents } from '../../db/schema.ts';
import { parseInput } from '../../platform/validation.ts';

/** The spec's record_gdpr_consent: every cookie choice, with the text the visitor saw. The IP is not kept. */
export function registerConsentRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/cookie-consent', async (request, reply) => {
    const { version, preferences } = parseInput(cookieConsentSchema, request.body);
    await deps.database.db.insert(cookieConsents).values({
      consentType: 'cookies',
      ipAddress: null,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      consentVersion: version,
      legalText: formatMessage(messages.cookies.legalText, { version }),
      preferences,
    });
    return reply.status(204).send();
  });
}
