import type { FastifyInstance } from 'fastify';
import { confirmPasswordSchema } from '@shared/schemas/auth.ts';
import type { SessionContext } from '../../platform/sessions.ts';
import { parseInput } from '../../platform/validation.ts';
import { clientOf } from './routes.ts';
import { confirmPassword } from './service.ts';

/** The signed-in member's own account, under /api/admin (issue 41). */
export function registerAccountRoutes(app: FastifyInstance, sessions: SessionContext): void {
  /** 'Confirma tu contraseña': opens the owner's sensitive changes for RECENT_SIGN_IN_MINUTES. */
  app.post('/account/confirm-password', async (request, reply) => {
    const { password } = parseInput(confirmPasswordSchema, request.body);
    await confirmPassword({ sessions }, request.sessionUser!, password, clientOf(request));
    return reply.status(204).send();
  });
}
