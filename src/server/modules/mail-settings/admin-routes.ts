import type { FastifyInstance } from 'fastify';
import { mailSettingsInputSchema } from '@shared/schemas/mail-settings.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import * as mail from './service.ts';

/** Configuración › Correo saliente: read, save, remove (the owner's), and a test email to the signed-in account. */
export function registerAdminMailSettingsRoutes(app: FastifyInstance, deps: AppDeps, context: mail.MailContext): void {
  const service = serviceDeps(deps);
  app.get('/mail-settings', () => mail.mailSettingsView(service, context));
  app.put('/mail-settings', (request) => {
    const input = parseInput(mailSettingsInputSchema, request.body);
    return mail.saveMailSettings(service, context, input, sensitiveActor(request), request.log);
  });
  app.delete('/mail-settings', (request) => mail.removeMailSettings(service, context, sensitiveActor(request), request.log));
  app.post('/mail-settings/test', (request) =>
    mail.sendTestEmail(service, context, request.sessionUser!.email, deps.config.mailFrom),
  );
}
