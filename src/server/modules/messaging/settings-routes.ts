import type { FastifyInstance } from 'fastify';
import { messagingTestInputSchema, smsSettingsInputSchema, whatsappSettingsInputSchema } from '@shared/schemas/messaging-settings.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { refreshingPolicy } from '../legal/service.ts';
import { sensitiveActor } from '../security/service.ts';
import type { MessagingContext } from './connection.ts';
import * as settings from './settings-service.ts';
import { sendSmsTest, sendWhatsAppTest } from './settings-test-send.ts';

/** Configuración › Mensajería: read, save, remove each channel's account and send a test; the owner's alone (permissions.ts). */
export function registerAdminMessagingSettingsRoutes(app: FastifyInstance, deps: AppDeps, context: MessagingContext): void {
  const service = serviceDeps(deps);
  // The privacy policy names the provider of each channel switched on.
  const refreshPolicy = refreshingPolicy(deps);
  app.get('/messaging/settings', () => settings.messagingSettingsView(service.db, context));
  app.put('/messaging/whatsapp', (request) =>
    refreshPolicy(settings.saveWhatsAppSettings(service, context, parseInput(whatsappSettingsInputSchema, request.body), sensitiveActor(request))),
  );
  app.put('/messaging/sms', (request) =>
    refreshPolicy(settings.saveSmsSettings(service, context, parseInput(smsSettingsInputSchema, request.body), sensitiveActor(request))),
  );
  for (const channel of ['whatsapp', 'sms'] as const) {
    app.delete(`/messaging/${channel}`, (request) => refreshPolicy(settings.removeChannelSettings(service, context, channel, sensitiveActor(request))));
  }
  app.post('/messaging/whatsapp/test', (request) => sendWhatsAppTest(service.db, context, parseInput(messagingTestInputSchema, request.body)));
  app.post('/messaging/sms/test', (request) => sendSmsTest(service.db, context, parseInput(messagingTestInputSchema, request.body)));
}
