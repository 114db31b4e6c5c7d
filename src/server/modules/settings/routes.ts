import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { getPublicSettings } from './service.ts';

export function registerPublicSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/settings', async () => getPublicSettings(deps.database.db));
}
