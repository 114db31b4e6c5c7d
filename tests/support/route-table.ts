// The server's own route table, read as Fastify registers each route: for a test file that mocks 'fastify' with
//   vi.mock('fastify', async (importOriginal) => (await import('../support/route-table.ts')).withRouteTable(await importOriginal()));
// every instance the file then creates reports its routes here (their full path, methods and config).
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';

export const registeredRoutes: RouteOptions[] = [];

export function withRouteTable(actual: typeof FastifyModule): typeof FastifyModule {
  const create = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      registeredRoutes.push(route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: create, fastify: create };
}

/** Each registered route once per method, HEAD (Fastify's own, beside each GET) left out. */
export function routeTable(): Array<{ method: string; path: string; route: RouteOptions }> {
  return registeredRoutes.flatMap((route) =>
    [route.method].flat().filter((method) => method !== 'HEAD').map((method) => ({ method, path: route.url, route })),
  );
}

/** Plausible values for path parameters; a new parameter name must be added here. */
export const PARAM_VALUES: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  sessionId: '00000000-0000-4000-8000-000000000001',
  email: 'someone@example.com',
  date: '2099-01-06',
  day: '2',
  token: 'x'.repeat(43),
  hash: 'a'.repeat(64),
  language: 'en',
  file: 'api-docs.js',
  deliveryId: '1',
};

/** A route's path with each :parameter given its plausible value. */
export function plausibleUrl(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAM_VALUES[name];
    if (value === undefined) throw new Error(`no plausible value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}
