import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loginAttemptsQuerySchema } from '@shared/schemas/auth.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import * as security from './service.ts';

const lockoutParamsSchema = z.object({ email: z.string().trim().min(1).max(255) });

export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  app.get('/security/summary', () => security.securitySummary(db, deps.clock));
  app.get('/security/lockouts', () => security.listActiveLockouts(db, deps.clock));
  app.get('/security/login-attempts', (request) => {
    const { limit } = parseInput(loginAttemptsQuerySchema, request.query);
    return security.listLoginAttempts(db, limit);
  });
  app.get('/security/sensitive-changes', () => security.listSensitiveChanges(db));
  app.delete('/security/lockouts/:email', async (request, reply) => {
    const { email } = parseInput(lockoutParamsSchema, request.params);
    await security.unlockAccount(db, email);
    return reply.status(204).send();
  });
}
