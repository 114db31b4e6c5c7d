import type { FastifyInstance } from 'fastify';
import { cardGuaranteeRulesSchema } from '@shared/schemas/card-guarantee.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { refreshingPolicy } from '../legal/service.ts';
import { cardGuaranteeSettings, saveCardGuaranteeRules } from './card-guarantee-service.ts';

/** Under /api/admin: the encargado reads the rules, the owner alone changes them (shared/rules/permissions.ts). */
export function registerCardGuaranteeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/settings/card-guarantee', () => cardGuaranteeSettings(service));
  // The privacy policy names the payment provider while the guarantee is on.
  const refreshPolicy = refreshingPolicy(deps);
  app.put('/settings/card-guarantee', (request) => refreshPolicy(saveCardGuaranteeRules(service, parseInput(cardGuaranteeRulesSchema, request.body))));
}
