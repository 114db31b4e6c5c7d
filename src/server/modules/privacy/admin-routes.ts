import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guestErasureSchema } from '@shared/schemas/privacy.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { emlDirectory } from '../../platform/eml-files.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { staffActor } from '../reservations/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { exportSummaryHtml } from './export-summary.ts';
import { eraseGuest, exportGuest, latestPrivacyEvents } from './service.ts';

const actorOf = (request: FastifyRequest) => {
  const actor = staffActor(request);
  return { email: actor.kind === 'staff' ? actor.email : null, ipAddress: request.ip ?? null };
};

/** Under /api/admin, for the owner and the encargado (issue 24): a guest's data as a file, and its erasure. */
export function registerPrivacyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/guests/:id/export', async (request, reply) => {
    const id = idOf(request);
    const file = await exportGuest(service, id, actorOf(request));
    return reply
      .header('Content-Disposition', `attachment; filename="cliente-${id}.json"`)
      .header('Cache-Control', 'no-store')
      .send(file);
  });
  // The same, as a page a person reads: the guest gets both.
  app.get('/guests/:id/export.html', async (request, reply) => {
    const id = idOf(request);
    const file = await exportGuest(service, id, actorOf(request));
    const { name } = await getRestaurantConfig(service.db);
    return reply
      .type('text/html; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="cliente-${id}.html"`)
      .header('Cache-Control', 'no-store')
      .send(exportSummaryHtml(file, name));
  });
  // Under /security: the owner's alone, like the rest of Seguridad.
  app.get('/security/privacy-events', () => latestPrivacyEvents(service.db));
  app.post('/guests/:id/erasure', async (request) => {
    const id = idOf(request);
    parseInput(guestErasureSchema, request.body);
    return eraseGuest(service, id, actorOf(request), emlDirectory(deps.config.dataDir));
  });
}
