// The guest's link from the approval email (issue 45, item 4, decision 041): on their own token, Mesa asks the
// provider for the page where the held-back no-show charge is paid, and sends the guest there. A charge already
// paid (or no longer waiting) sends them to their reservation's page instead.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages.ts';
import { guestText } from '@shared/i18n/text-keys.ts';
import { selfServiceTokenSchema } from '@shared/schemas/self-service.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { AppError } from '../../platform/errors.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { reservationIdForToken, selfServiceUrl } from '../private-links/service.ts';
import { findReservation } from '../reservations/service.ts';
import * as q from './charge-queries.ts';
import { description } from './charges-service.ts';
import { type PaymentsContext, paymentProvider } from './connection.ts';
import { ProviderUnavailableError } from './provider.ts';

const OPENS_PER_IP = 60;
const WINDOW_MS = 10 * 60_000;

const paramsSchema = z.object({ token: selfServiceTokenSchema });
const notFound = () => new AppError(404, 'not_found', guestText('cardGuarantee.errors.notFound'));
const unavailable = () => new AppError(503, 'payment_unavailable', guestText('cardGuarantee.errors.approvalUnavailable'));

/** Where the approval link sends the guest: the provider's page, or their reservation's page when nothing is to pay. */
export async function approvalDestination({ db, publicUrl }: ServiceDeps, context: PaymentsContext, token: string): Promise<string> {
  const reservationId = await reservationIdForToken(db, token);
  const reservation = reservationId && (await findReservation(db, reservationId));
  if (!reservation) throw notFound();
  const language = reservation.language ?? DEFAULT_LANGUAGE;
  const guestPage = selfServiceUrl(publicUrl, token, language);
  const charge = await q.liveCharge(db, reservation.id);
  const card = await q.cardOf(db, reservation.id);
  if (charge?.status !== 'requires_authorization' || !card) return guestPage;
  const provider = await paymentProvider(db, context);
  if (!provider) throw unavailable();
  try {
    const page = await provider.authorizationPage({
      chargeId: charge.id,
      attemptRef: charge.providerRef,
      customerRef: card.customerRef,
      amountCents: charge.amountCents,
      description: description(reservation, charge),
      language,
      // Not the guest's page: its token would be stored at the provider.
      returnUrl: new URL(language === DEFAULT_LANGUAGE ? '/' : `/?lang=${language}`, publicUrl).toString(),
    });
    return page.state === 'open' ? page.url : guestPage;
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
}

/** GET /api/public/no-show-charges/:token (authorization-email.ts's link). */
export function registerChargeApprovalRoutes(app: FastifyInstance, deps: AppDeps, context: PaymentsContext): void {
  const opens = deps.rateLimits.define('charge-approval-opens', OPENS_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  app.get('/no-show-charges/:token', async (request, reply) => {
    await hitOrRefuse(opens, request);
    const { token } = parseInput(paramsSchema, request.params);
    return reply.header('cache-control', 'no-store').redirect(await approvalDestination(service, context, token), 303);
  });
}
