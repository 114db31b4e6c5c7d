import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type AppDeps, serviceDeps } from './app-deps.ts';
import { registerApiCompression } from './platform/api-compression.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerAdminAvailabilityRoutes } from './modules/availability/admin-routes.ts';
import { registerPublicAvailabilityRoutes } from './modules/availability/public-routes.ts';
import { registerBackupRoutes } from './modules/backups/admin-routes.ts';
import { registerConsentRoutes } from './modules/consent/public-routes.ts';
import { registerAdminReservationRoutes } from './modules/reservations/admin-routes.ts';
import { registerAdminMessagingRoutes } from './modules/messaging/admin-routes.ts';
import { registerSelfServiceRoutes } from './modules/self-service/public-routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/public-routes.ts';
import { registerAdminFeedbackRoutes } from './modules/feedback/admin-routes.ts';
import { registerPublicReservationRoutes } from './modules/reservations/public-routes.ts';
import { registerHealthRoutes } from './modules/health/public-routes.ts';
import { registerSecurityRoutes } from './modules/security/admin-routes.ts';
import { embedOriginsInForce, getRestaurantConfig } from './modules/settings/service.ts';
import { registerAdminSettingsRoutes } from './modules/settings/admin-routes.ts';
import { registerNotificationRoutes } from './modules/notifications/admin-routes.ts';
import { registerPushRoutes } from './modules/push/admin-routes.ts';
import { registerReportRoutes } from './modules/reports/admin-routes.ts';
import { registerGuestRoutes } from './modules/guests/admin-routes.ts';
import { registerStatisticsRoutes } from './modules/statistics/admin-routes.ts';
import { registerTeamRoutes } from './modules/auth/team-routes.ts';
import { registerAccountRoutes } from './modules/auth/account-routes.ts';
import { registerPublicSettingsRoutes } from './modules/settings/public-routes.ts';
import { registerTableRoutes } from './modules/tables/admin-routes.ts';
import { registerLegalDocumentRoutes } from './modules/legal/public-routes.ts';
import { registerAdminMailSettingsRoutes } from './modules/mail-settings/admin-routes.ts';
import { mailContext } from './modules/mail-settings/service.ts';
import {
  guaranteeGate,
  paymentsContext,
  registerPaymentWebhookRoutes,
  registerChargeApprovalRoutes,
  registerPublicHoldRoutes,
  STRIPE_WEBHOOK_PATH,
} from './modules/payments/service.ts';
import { registerAdminPaymentSettingsRoutes } from './modules/payments/settings-routes.ts';
import { messagingContext } from './modules/messaging/connection.ts';
import { TWILIO_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from './modules/messaging/providers.ts';
import { registerMessagingWebhookRoutes } from './modules/messaging/webhook-routes.ts';
import { registerAdminMessagingSettingsRoutes } from './modules/messaging/settings-routes.ts';
import { registerSetupRoutes } from './modules/setup/admin-routes.ts';
import { registerAdminWaitlistRoutes } from './modules/waitlist/admin-routes.ts';
import { registerPrivacyRoutes } from './modules/privacy/admin-routes.ts';
import { registerGuestDataRoutes } from './modules/privacy/public-routes.ts';
import { registerPublicWaitlistRoutes } from './modules/waitlist/public-routes.ts';
import { API_DOCS_TYPES, registerApiDocs } from './platform/api-docs.ts';
import { apiNotFound, frameworkErrors, registerErrorHandling } from './platform/errors.ts';
import { collectApiRoutes, registerOpenApiDocument, V1_PREFIX } from './platform/openapi.ts';
import { registerChangeStream } from './platform/events.ts';
import { registerRequestDeadline } from './platform/request-deadline.ts';
import { registerCsrfProtection, registerSecurityHeaders, securityHeaders } from './platform/http-security.ts';
import { isSessionLive, readSessionCookie, requireStaff, type SessionContext } from './platform/sessions.ts';
import { registerWebAssets } from './pages/web-assets.ts';
import { guestPagePrerender, pageLoaderHtml, prerenderStaffPage } from './pages/page-prerender.ts';
import { registerTwoStepRoutes } from './modules/two-step/admin-routes.ts';
import { registerDeviceRoutes } from './modules/devices/admin-routes.ts';
import { openPlaces } from './modules/devices/service.ts';
import { registerPasskeyRoutes } from './modules/passkeys/admin-routes.ts';
import { registerChargeRoutes } from './modules/payments/charge-routes.ts';
import { MESA_VERSION } from './version.ts';
import { registerGuaranteeLinkRoutes } from './modules/payments/guarantee-link-routes.ts';
import { registerApiKeyAdminRoutes } from './modules/api-keys/admin-routes.ts';
import { registerImportAdminRoutes } from './modules/imports/admin-routes.ts';
import { registerWebhookAdminRoutes } from './modules/webhooks/admin-routes.ts';
import { secretBox } from './platform/secret-box.ts';
import { registerApiKeyGuard } from './modules/api-keys/service.ts';
import { registerV1ReservationRoutes } from './modules/reservations/v1-routes.ts';
import { registerV1AvailabilityRoutes } from './modules/availability/v1-routes.ts';
import { registerV1TableRoutes } from './modules/tables/v1-routes.ts';
import { registerV1GuestRoutes } from './modules/guests/v1-routes.ts';
import { registerV1WaitlistRoutes } from './modules/waitlist/v1-routes.ts';

/** One log line per request, on completion, instead of Fastify's 'incoming' + 'completed' pair. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else request.log.info(line, 'request');
  }
}


/** Headers no log line may carry, whatever logs a request: an API key, a session cookie. */
const REDACTED = { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'], censor: '[oculto]' };

/** The logger's options with the redaction added; an options object given by a test keeps the rest of its own. */
function loggerOptions(given: AppDeps['logger'], level: string): AppDeps['logger'] {
  if (given === undefined) return { level, redact: REDACTED };
  return typeof given === 'object' && given !== null ? { ...given, redact: REDACTED } : given;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.logger, deps.config.logLevel),
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    bodyLimit: 256 * 1024,
    // SSE streams would otherwise hold close() open forever.
    forceCloseConnections: true,
    trustProxy: deps.config.trustProxy,
    frameworkErrors,
  });
  const secure = deps.config.publicUrl.protocol === 'https:';
  const sessionContext: SessionContext = {
    db: deps.database.db,
    clock: deps.clock,
    secret: deps.sessionSecret,
    secureCookies: secure,
  };

  registerRequestDeadline(app);
  app.decorateRequest('sessionUser', null);
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerSecurityHeaders(app, secure, async () => (await embedOriginsInForce(deps.database.db, deps.config.embedOrigins)).origins);
  registerCsrfProtection(app, deps.config.publicUrl, [
    `/api/public${STRIPE_WEBHOOK_PATH}`,
    `/api/public${WHATSAPP_WEBHOOK_PATH}`,
    `/api/public${TWILIO_WEBHOOK_PATH}`,
  ], [`${V1_PREFIX}/`]);
  registerHealthRoutes(app, deps);
  registerLegalDocumentRoutes(app, deps);
  // Before the documented scopes: the document is built from the apiRoute() specs Fastify registers (decision 048).
  const documented = collectApiRoutes(app);
  const mail = mailContext(deps.config);
  const payments = paymentsContext(deps.config);
  const messaging = messagingContext(deps.config);
  const webhookSecrets = secretBox({ secretsKey: deps.config.secretsKey, dataDir: deps.config.dataDir });
  const placeOf = await openPlaces(deps.config.geoipDatabase);

  const guarantee = guaranteeGate(serviceDeps(deps), payments);

  await app.register(
    async (publicApi) => {
      await registerApiCompression(publicApi);
      registerPublicSettingsRoutes(publicApi, deps);
      registerPublicAvailabilityRoutes(publicApi, deps);
      registerPublicReservationRoutes(publicApi, deps, guarantee);
      registerPublicHoldRoutes(publicApi, deps, payments);
      registerChargeApprovalRoutes(publicApi, deps, payments);
      registerPaymentWebhookRoutes(publicApi, deps, payments);
      registerMessagingWebhookRoutes(publicApi, deps, messaging);
      registerSelfServiceRoutes(publicApi, deps);
      registerGuestDataRoutes(publicApi, deps);
      registerConsentRoutes(publicApi, deps);
      registerPublicWaitlistRoutes(publicApi, deps, guarantee);
      registerFeedbackRoutes(publicApi, deps);
    },
    { prefix: '/api/public' },
  );

  await app.register(async (docs) => {
    await registerApiCompression(docs, API_DOCS_TYPES);
    registerOpenApiDocument(docs, documented, { version: MESA_VERSION, publicUrl: deps.config.publicUrl });
    registerApiDocs(docs);
  });

  const teamDeps = {
    sessions: sessionContext,
    publicUrl: deps.config.publicUrl,
    restaurantName: async () => (await getRestaurantConfig(deps.database.db)).name,
  };
  await app.register(
    async (authApi) => {
      await registerApiCompression(authApi);
      registerAuthRoutes(authApi, { ...teamDeps, dataDir: deps.config.dataDir, box: mail.box }, deps.rateLimits);
    },
    { prefix: '/api/auth' },
  );

  await app.register(
    async (adminApi) => {
      await registerApiCompression(adminApi);
      const guard = requireStaff(sessionContext, '/api/admin');
      adminApi.addHook('onRequest', guard);
      // Unknown admin paths are guarded too: an anonymous caller learns nothing about which routes exist.
      adminApi.setNotFoundHandler({ preHandler: guard }, (request, reply) => reply.status(404).send(apiNotFound(request.id)));
      registerChangeStream(adminApi, deps.changes, '/events', securityHeaders(secure), (request) =>
        request.sessionUser ? isSessionLive(sessionContext, request.sessionUser.sessionHash) : Promise.resolve(false),
      );
      registerSecurityRoutes(adminApi, deps);
      registerBackupRoutes(adminApi, deps);
      registerAdminReservationRoutes(adminApi, deps);
      registerAdminMessagingRoutes(adminApi, deps);
      registerAdminAvailabilityRoutes(adminApi, deps);
      registerAdminSettingsRoutes(adminApi, deps);
      registerNotificationRoutes(adminApi, deps);
      registerTableRoutes(adminApi, deps);
      registerPushRoutes(adminApi, deps);
      registerReportRoutes(adminApi, deps);
      registerGuestRoutes(adminApi, deps);
      registerStatisticsRoutes(adminApi, deps);
      registerTeamRoutes(adminApi, teamDeps);
      registerAccountRoutes(adminApi, { sessions: sessionContext, box: mail.box });
      registerTwoStepRoutes(adminApi, serviceDeps(deps), mail.box);
      registerDeviceRoutes(adminApi, { db: deps.database.db, clock: deps.clock, placeOf });
      registerPasskeyRoutes(adminApi, serviceDeps(deps), sessionContext);
      registerAdminMailSettingsRoutes(adminApi, deps, mail);
      registerAdminPaymentSettingsRoutes(adminApi, deps, payments);
      registerAdminMessagingSettingsRoutes(adminApi, deps, messaging);
      registerSetupRoutes(adminApi, deps, mail);
      registerAdminWaitlistRoutes(adminApi, deps);
      registerAdminFeedbackRoutes(adminApi, deps);
      registerPrivacyRoutes(adminApi, deps);
      registerChargeRoutes(adminApi, deps);
      registerGuaranteeLinkRoutes(adminApi, deps);
      registerApiKeyAdminRoutes(adminApi, deps);
      registerWebhookAdminRoutes(adminApi, deps, webhookSecrets);
      registerImportAdminRoutes(adminApi, deps);
    },
    { prefix: '/api/admin' },
  );

  await app.register(
    async (integrationApi) => {
      await registerApiCompression(integrationApi);
      registerApiKeyGuard(integrationApi, serviceDeps(deps), deps.rateLimits);
      registerV1ReservationRoutes(integrationApi, deps);
      registerV1AvailabilityRoutes(integrationApi, deps);
      registerV1TableRoutes(integrationApi, deps);
      registerV1GuestRoutes(integrationApi, deps);
      registerV1WaitlistRoutes(integrationApi, deps);
    },
    { prefix: V1_PREFIX },
  );

  const prerender = { publicUrl: deps.config.publicUrl, clock: deps.clock };
  await registerWebAssets(app, deps.webRoot, {
    guest: guestPagePrerender(app, prerender),
    staff: (request) => (readSessionCookie(sessionContext, request) ? prerenderStaffPage(app, request, prerender) : Promise.resolve(null)),
    pageLoader: pageLoaderHtml,
  });
  return app;
}
