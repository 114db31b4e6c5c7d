import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldText } from '@shared/schemas/guest-field-text.ts';
import { publicSettingsSchema } from '@shared/schemas/settings.ts';
import type { AppDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { notFound } from '../../platform/errors.ts';
import { findLogo, LOGO_HASH_LENGTH } from './logo-service.ts';
import { getPublicSettings } from './service.ts';

const hashParamsSchema = z.object({
  hash: z.string().regex(new RegExp(`^[0-9a-f]{${LOGO_HASH_LENGTH}}$`), fieldText('http.badRequest')),
});

export function registerPublicSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/settings',
      tag: 'Restaurant',
      summary: "The restaurant's public details",
      description: 'Name, texts in each guest language, hours, contact, and the card guarantee while it is on.',
      responses: { 200: { description: 'The public settings.', schema: publicSettingsSchema } },
    },
    () => getPublicSettings(deps.database.db),
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/logo/:hash',
      tag: 'Restaurant',
      summary: "The restaurant's logo",
      description: 'By the hash of its content (`logoUrl` in the settings), so cached for good.',
      params: hashParamsSchema,
      responses: { 200: { description: 'The image.', contentType: 'image/*' } },
    },
    async (_request, reply, { params }) => {
      const logo = await findLogo(deps.database.db, params().hash);
      if (!logo) throw notFound();
      return reply
        .header('Content-Type', logo.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(logo.data);
    },
  );
}
