import type { FastifyInstance } from 'fastify';
import { confirmPasswordSchema, secondStepSchema } from '@shared/schemas/auth.ts';
import { displayNameInputSchema } from '@shared/schemas/team.ts';
import { parseInput } from '../../platform/validation.ts';
import { displayNameOf, setDisplayName } from './display-name.ts';
import { clientOf } from './routes.ts';
import { confirmWithCode } from './second-step.ts';
import { type AuthDeps, confirmPassword } from './service.ts';

/**
 * The signed-in member's own account, under /api/admin (issues 41, 44): the fresh sign-in that opens sensitive
 * changes for RECENT_SIGN_IN_MINUTES, by password or by a two-step code; and one's name as Equipo shows it (issue 52).
 */
export function registerAccountRoutes(app: FastifyInstance, deps: Pick<AuthDeps, 'sessions' | 'box'>): void {
  app.post('/account/confirm-password', async (request, reply) => {
    const { password } = parseInput(confirmPasswordSchema, request.body);
    await confirmPassword(deps, request.sessionUser!, password, clientOf(request));
    return reply.status(204).send();
  });
  app.post('/account/confirm-code', async (request, reply) => {
    const { code } = parseInput(secondStepSchema, request.body);
    await confirmWithCode(deps, request.sessionUser!, code, clientOf(request));
    return reply.status(204).send();
  });
  app.get('/account/name', (request) => displayNameOf(deps.sessions.db, request.sessionUser!.id));
  app.put('/account/name', (request) =>
    setDisplayName(deps.sessions.db, request.sessionUser!.id, parseInput(displayNameInputSchema, request.body).name, deps.sessions.clock.now()),
  );
  // Answers 204 within a fresh sign-in and 'recent_sign_in_required' otherwise (the guard decides): what a plain
  // download link (a backup) asks first, since a link cannot show the dialog.
  app.get('/account/fresh-sign-in', (_request, reply) => reply.status(204).send());
}
