import type { FastifyInstance } from 'fastify';
import { paymentSettingsInputSchema } from '@shared/schemas/payment-settings.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import type { PaymentsContext } from './connection.ts';
import * as settings from './settings-service.ts';

/** Configuración › Pagos: read, save, remove the Stripe keys and test them; the owner's alone (permissions.ts). */
export function registerAdminPaymentSettingsRoutes(app: FastifyInstance, deps: AppDeps, context: PaymentsContext): void {
  const service = serviceDeps(deps);
  app.get('/payments/settings', () => settings.paymentSettingsView(service, context));
  app.put('/payments/settings', (request) => {
    const input = parseInput(paymentSettingsInputSchema, request.body);
    return settings.savePaymentSettings(service, context, input, sensitiveActor(request));
  });
  app.delete('/payments/settings', (request) => settings.removePaymentSettings(service, context, sensitiveActor(request)));
  app.post('/payments/test', () => settings.testPaymentConnection(service, context));
}
