import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { idOf } from '../../platform/validation.ts';
import { staffFeedback } from './admin-service.ts';

/** Under /api/admin: one guest's rating (issue 47), read by the live alert of a low one. */
export function registerAdminFeedbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/feedback/:id', (request) => staffFeedback(deps.database.db, idOf(request)));
}
