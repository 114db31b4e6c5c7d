import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { staffFeedback } from './admin-service.ts';

const idParamsSchema = z.object({ id: z.uuid() });

/** Under /api/admin: one guest's rating (issue 47), read by the live alert of a low one. */
export function registerAdminFeedbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/feedback/:id', (request) => staffFeedback(deps.database.db, parseInput(idParamsSchema, request.params).id));
}
