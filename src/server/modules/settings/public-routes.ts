import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldText } from '@shared/schemas/guest-field-text.ts';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { findLogo, LOGO_HASH_LENGTH } from './logo-service.ts';
import { getPublicSettings } from './service.ts';

const hashParamsSchema = z.object({
  hash: z.string().regex(new RegExp(`^[0-9a-f]{${LOGO_HASH_LENGTH}}$`), fieldText('http.badRequest')),
});

export function registerPublicSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/settings', async () => getPublicSettings(deps.database.db));
  app.get('/logo/:hash', async (request, reply) => {
    const logo = await findLogo(deps.database.db, parseInput(hashParamsSchema, request.params).hash);
    if (!logo) throw notFound();
    return reply
      .header('Content-Type', logo.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(logo.data);
  });
}
