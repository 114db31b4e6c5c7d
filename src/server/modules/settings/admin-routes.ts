import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  embedOriginsInputSchema,
  mondayExceptionInputSchema,
  notificationSettingsPatchSchema,
  operatingHoursPatchSchema,
  settingsPatchSchema,
  timeBlockInputSchema,
} from '@shared/schemas/settings.ts';
import { closureEffectsQuerySchema } from '@shared/schemas/closures.ts';
import { templateTranslationInputSchema, templateTranslationParamsSchema } from '@shared/schemas/template-translations.ts';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@shared/limits.ts';
import { isOwnerOnlySetting } from '@shared/rules/permissions.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { assertOwner, assertRecentSignIn } from '../../platform/sessions.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import { refreshingPolicy } from '../legal/service.ts';
import { closureEffectsOf, staffActor, withClosureEffects } from '../reservations/service.ts';
import * as settings from './admin-service.ts';
import { registerCardGuaranteeRoutes } from './card-guarantee-routes.ts';
import { saveEmbedOrigins } from './embed-origins.ts';
import { embedOriginsInForce } from './service.ts';
import { deleteLogo, logoTooLargeError, logoTypeError, saveLogo } from './logo-service.ts';
import { saveTemplateTranslations, templateTranslations } from './template-translations-service.ts';

const dayParamsSchema = z.object({ day: z.coerce.number().int().min(0).max(6) });

export function registerAdminSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  registerAdminLogoRoutes(app, service);
  registerCardGuaranteeRoutes(app, deps);
  app.get('/settings', () => settings.adminSettings(service));
  const embedInfo = async () => settings.embedInfo(deps.config.publicUrl, await embedOriginsInForce(service.db, deps.config.embedOrigins));
  app.get('/settings/embed', embedInfo);
  // The owner's alone, after a fresh sign-in (shared/rules/permissions.ts): where the booking widget may be framed.
  app.put('/settings/embed-origins', async (request) => {
    const { origins } = parseInput(embedOriginsInputSchema, request.body);
    await saveEmbedOrigins(service, deps.config.embedOrigins, origins, sensitiveActor(request));
    return embedInfo();
  });
  // The privacy policy states the owner's details and the retention periods: a change is a new version of it.
  const refreshPolicy = refreshingPolicy(deps);
  app.patch('/settings', (request) => {
    // Checked on the body's keys before their values: an encargado learns nothing about the owner's fields.
    if (namesOwnerOnlySetting(request.body)) {
      assertOwner(request.sessionUser!);
      assertRecentSignIn(request.sessionUser!, service.clock.now());
    }
    const patch = parseInput(settingsPatchSchema, request.body);
    return refreshPolicy(settings.updateSettings(service, patch, sensitiveActor(request)));
  });

  app.get('/settings/template-translations', () => templateTranslations(service));
  app.put('/settings/template-translations/:language', (request) => {
    const { language } = parseInput(templateTranslationParamsSchema, request.params);
    const { texts } = parseInput(templateTranslationInputSchema, request.body);
    return saveTemplateTranslations(service, language, texts);
  });

  app.get('/notification-settings', () => settings.adminNotificationSettings(service));
  app.patch('/notification-settings', (request) =>
    settings.updateNotificationSettings(service, parseInput(notificationSettingsPatchSchema, request.body)),
  );

  app.get('/operating-hours', () => settings.listOperatingHours(service));
  // A weekday closed or narrowed: its coming bookings left outside are listed first (?preview=1), then kept or
  // cancelled (?cancelReason=…) with the change (issue 19).
  app.patch('/operating-hours/:day', async (request, reply) => {
    const { day } = parseInput(dayParamsSchema, request.params);
    const patch = parseInput(operatingHoursPatchSchema, request.body);
    const effects = closureEffectsOf(parseInput(closureEffectsQuerySchema, request.query));
    const { result, affected } = await withClosureEffects(service, { weekday: day }, effects, staffActor(request), (tx) =>
      settings.updateOperatingHours({ ...service, db: tx }, day, patch),
    );
    return reply.send(result ? { ...result, affected } : { affected });
  });

  app.get('/monday-exceptions', () => settings.upcomingMondayExceptions(service));
  app.post('/monday-exceptions', async (request, reply) =>
    reply.status(201).send(await settings.openMonday(service, parseInput(mondayExceptionInputSchema, request.body))),
  );
  app.delete('/monday-exceptions/:id', async (request, reply) => {
    const id = idOf(request);
    const effects = closureEffectsOf(parseInput(closureEffectsQuerySchema, request.query));
    const date = await settings.mondayExceptionDate(service, id);
    const { affected } = await withClosureEffects(service, { date }, effects, staffActor(request), (tx) =>
      settings.deleteMondayException({ ...service, db: tx }, id),
    );
    return effects.preview ? reply.send({ affected }) : reply.status(204).send();
  });

  app.get('/time-blocks', () => settings.listTimeBlocks(service));
  app.post('/time-blocks', async (request, reply) =>
    reply.status(201).send(await settings.addTimeBlock(service, parseInput(timeBlockInputSchema, request.body))),
  );
  app.delete('/time-blocks/:id', async (request, reply) => {
    await settings.deleteTimeBlock(service, idOf(request));
    return reply.status(204).send();
  });
}

const namesOwnerOnlySetting = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).some(isOwnerOnlySetting);

/** 'image/png; charset=x' → 'image/png'. */
const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** Fastify refuses an oversize or unparseable body before our handler runs: say so in the logo's own words. */
function logoRequestError(error: FastifyError): Error {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return logoTooLargeError();
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return logoTypeError();
  return error;
}

/** PUT the raw image (Content-Type image/png, image/jpeg or image/webp) or DELETE it; both answer the settings. */
function registerAdminLogoRoutes(app: FastifyInstance, service: ServiceDeps): void {
  // Its own scope, so the image parser and the error wording apply to these routes only.
  void app.register(async (scope) => {
    scope.addContentTypeParser([...LOGO_CONTENT_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError) => {
      throw logoRequestError(error);
    });
    scope.put('/settings/logo', { bodyLimit: LOGO_MAX_BYTES }, (request) => {
      // Other parsers of the app (JSON, text) may have read the body: only a raw image is a logo.
      if (!Buffer.isBuffer(request.body)) throw logoTypeError();
      return saveLogo(service, mediaType(request.headers['content-type']), request.body);
    });
    scope.delete('/settings/logo', () => deleteLogo(service));
  });
}
