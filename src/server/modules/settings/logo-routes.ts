import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@shared/limits.ts';
import { messages } from '@shared/messages.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { deleteLogo, findLogo, LOGO_HASH_LENGTH, logoTooLargeError, logoTypeError, saveLogo } from './logo-service.ts';

const hashParamsSchema = z.object({
  hash: z.string().regex(new RegExp(`^[0-9a-f]{${LOGO_HASH_LENGTH}}$`), messages.http.badRequest),
});

/** 'image/png; charset=x' → 'image/png'. */
const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** Fastify refuses an oversize or unparseable body before our handler runs: say so in the logo's own words. */
function logoRequestError(error: FastifyError): Error {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return logoTooLargeError();
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return logoTypeError();
  return error;
}

/** PUT the raw image (Content-Type image/png, image/jpeg or image/webp) or DELETE it; both answer the settings. */
export function registerAdminLogoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
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

export function registerPublicLogoRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/logo/:hash', async (request, reply) => {
    const logo = await findLogo(deps.database.db, parseInput(hashParamsSchema, request.params).hash);
    if (!logo) throw notFound();
    return reply
      .header('Content-Type', logo.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(logo.data);
  });
}
