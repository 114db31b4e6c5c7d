// The guest's approval link from the approval email (issue 45, item 4, decision 041). The link opens a guest page
// (NO_SHOW_CHARGE_PATH) that asks Mesa, on the guest's own token, for the provider's page where the held-back
// no-show charge is paid, and sends the guest there; nothing left to pay points them to their reservation's page.
// Back from the provider's page (NO_SHOW_CHARGE_RETURN_PATH, with the page's id and no token), the guest's page asks
// for the charge's state by that id: the amount and whether it is paid, nothing personal.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { guestText } from '@shared/i18n/text-keys.ts';
import { NO_SHOW_CHARGE_PATH, NO_SHOW_CHARGE_RETURN_PATH } from '@shared/routes.ts';
import {
  type NoShowChargeApproval,
  noShowChargeApprovalSchema,
  type NoShowChargePayment,
  noShowChargePaymentParamsSchema,
  noShowChargePaymentSchema,
} from '@shared/schemas/card-guarantee.ts';
import { selfServiceTokenSchema } from '@shared/schemas/self-service.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { AppError } from '../../platform/errors.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { reservationIdForToken, selfServiceUrl } from '../private-links/service.ts';
import { findReservation } from '../reservations/service.ts';
import { applyChargeEvent } from './charge-events.ts';
import * as q from './charge-queries.ts';
import { description } from './charges-service.ts';
import { type PaymentsContext, paymentProvider } from './connection.ts';
import { type PaymentProvider, ProviderUnavailableError } from './provider.ts';

const OPENS_PER_IP = 60;
const WINDOW_MS = 10 * 60_000;
const TAG = 'No-show charges';

const paramsSchema = z.object({ token: selfServiceTokenSchema });
const notFound = () => new AppError(404, 'not_found', guestText('cardGuarantee.errors.notFound'));
const unavailable = () => new AppError(503, 'payment_unavailable', guestText('cardGuarantee.errors.approvalUnavailable'));

/** A guest page's address in the guest's language (?lang when not Spanish), as the other guest links carry it. */
function guestPageUrl(publicUrl: URL, path: string, language: Language, query = ''): string {
  const params = [query, language === DEFAULT_LANGUAGE ? '' : `lang=${language}`].filter(Boolean).join('&');
  // Built as text: URLSearchParams would escape the braces of the provider's {CHECKOUT_SESSION_ID}.
  return new URL(`${path}${params ? `?${params}` : ''}`, publicUrl).toString();
}

async function providerOrUnavailable(deps: ServiceDeps, context: PaymentsContext): Promise<PaymentProvider> {
  const provider = await paymentProvider(deps.db, context);
  if (!provider) throw unavailable();
  return provider;
}

async function orUnavailable<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
}

/** The provider's page while the charge waits for the guest; their reservation's page when nothing is to pay. */
export async function openApproval(deps: ServiceDeps, context: PaymentsContext, token: string): Promise<NoShowChargeApproval> {
  const reservationId = await reservationIdForToken(deps.db, token);
  const reservation = reservationId && (await findReservation(deps.db, reservationId));
  if (!reservation) throw notFound();
  const language = reservation.language ?? DEFAULT_LANGUAGE;
  const settled = { state: 'settled', reservationUrl: selfServiceUrl(deps.publicUrl, token, language) } as const;
  const charge = await q.liveCharge(deps.db, reservation.id);
  const card = await q.cardOf(deps.db, reservation.id);
  if (charge?.status !== 'requires_authorization' || !card) return settled;
  const provider = await providerOrUnavailable(deps, context);
  const page = await orUnavailable(
    provider.authorizationPage({
      chargeId: charge.id,
      attemptRef: charge.providerRef,
      customerRef: card.customerRef,
      amountCents: charge.amountCents,
      description: description(reservation, charge),
      language,
      // Not the token's page: its address would be stored at the provider.
      returnUrl: guestPageUrl(deps.publicUrl, NO_SHOW_CHARGE_RETURN_PATH, language, 'session_id={CHECKOUT_SESSION_ID}'),
      cancelUrl: guestPageUrl(deps.publicUrl, NO_SHOW_CHARGE_RETURN_PATH, language),
    }),
  );
  return page.state === 'open' ? { state: 'open', url: page.url } : settled;
}

/**
 * The charge an approval page was for, as the guest back from it reads it. A page that took the money settles the
 * charge here when the webhook has not yet (as completeIfSaved does for holds); the webhook then changes nothing.
 */
export async function approvalPayment(deps: ServiceDeps, context: PaymentsContext, pageRef: string): Promise<NoShowChargePayment> {
  const provider = await providerOrUnavailable(deps, context);
  const page = await orUnavailable(provider.authorizationPageState(pageRef));
  if (!page || !z.uuid().safeParse(page.chargeId).success) throw notFound();
  let charge = await q.findCharge(deps.db, page.chargeId);
  if (!charge) throw notFound();
  const { paidRef } = page;
  if (paidRef && charge.status === 'requires_authorization') {
    const event = { id: `return-${pageRef}`, type: 'checkout.session.completed', kind: 'charge_succeeded', chargeRef: paidRef, chargeId: charge.id } as const;
    await deps.db.transaction((tx) => applyChargeEvent(tx, event, deps.clock.now()));
    charge = (await q.findCharge(deps.db, charge.id)) ?? charge;
  }
  const state = charge.status === 'succeeded' ? 'paid' : charge.status === 'processing' || paidRef ? 'processing' : 'not_paid';
  return { state, amountCents: charge.amountCents };
}

/**
 * POST /api/public/no-show-charges/:token (the guest page's), GET on the same path (the link of emails sent before
 * the page existed: it sends the browser to the page), GET /api/public/no-show-charge-payments/:sessionId.
 */
export function registerChargeApprovalRoutes(app: FastifyInstance, deps: AppDeps, context: PaymentsContext): void {
  const opens = deps.rateLimits.define('charge-approval-opens', OPENS_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/no-show-charges/:token',
      tag: TAG,
      summary: "Where to pay a no-show or late-cancellation charge",
      description: "The provider's payment page while the charge waits; the guest's reservation page when nothing is left to pay.",
      params: paramsSchema,
      responses: { 200: { description: 'Open (`url`) or settled (`reservationUrl`).', schema: noShowChargeApprovalSchema } },
    },
    async (request, reply, { params }) => {
      await hitOrRefuse(opens, request);
      const { token } = params();
      return reply.header('cache-control', 'no-store').send(await openApproval(service, context, token));
    },
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/no-show-charges/:token',
      tag: TAG,
      summary: 'The link of older charge emails: to the guest\'s charge page',
      params: paramsSchema,
      responses: { 303: { description: "To the guest's charge page, in the reservation's language." } },
    },
    async (request, reply, { params }) => {
      await hitOrRefuse(opens, request);
      const { token } = params();
      const reservationId = await reservationIdForToken(service.db, token);
      const language = (reservationId && (await findReservation(service.db, reservationId))?.language) || DEFAULT_LANGUAGE;
      return reply.header('cache-control', 'no-store').redirect(guestPageUrl(service.publicUrl, `${NO_SHOW_CHARGE_PATH}${token}`, language), 303);
    },
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/no-show-charge-payments/:sessionId',
      tag: TAG,
      summary: "A charge's state, the guest back from its payment page",
      description: "By the provider's page id the return address carries: the amount and whether it is paid, nothing personal.",
      params: noShowChargePaymentParamsSchema,
      responses: { 200: { description: "The charge's state.", schema: noShowChargePaymentSchema } },
    },
    async (request, reply, { params }) => {
      await hitOrRefuse(opens, request);
      const { sessionId } = params();
      return reply.header('cache-control', 'no-store').send(await approvalPayment(service, context, sessionId));
    },
  );
}
