import type { FastifyInstance } from 'fastify';
import { setupPatchSchema } from '@shared/schemas/setup-checklist.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import type { MailContext } from '../mail-settings/service.ts';
import { setupStatus, updateSetup } from './service.ts';

export function registerSetupRoutes(app: FastifyInstance, deps: AppDeps, mail: MailContext): void {
  const service = serviceDeps(deps);
  app.get('/setup', (request) => setupStatus(service, mail, request.sessionUser!.email));
  app.patch('/setup', (request) =>
    updateSetup(service, mail, parseInput(setupPatchSchema, request.body), request.sessionUser!.email),
  );
}
