import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REQUEST_DATABASE_BUDGET_MS, withDatabaseDeadline } from '../db/deadline.ts';

/**
 * Every request's database work, hooks included, shares one deadline counted from its arrival. Reading the body runs
 * in the socket's async context, not the request's, so the handler's hooks re-enter the request's scope.
 */
export function registerRequestDeadline(app: FastifyInstance, budgetMs = REQUEST_DATABASE_BUDGET_MS): void {
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (request, _reply, done) => {
    withDatabaseDeadline(budgetMs, () => {
      scopes.set(request, new AsyncResource('mesa.request'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
