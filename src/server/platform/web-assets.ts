import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '@shared/routes.ts';
import { apiNotFound } from './errors.ts';

/** Serves the built client: hashed assets cached for a year, everything else revalidated. */
export async function registerWebAssets(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const indexPath = webRoot ? join(webRoot, 'index.html') : null;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(webRoot, 'assets'));
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !indexHtml || request.method !== 'GET') {
      return reply.status(404).send(apiNotFound(request.id));
    }
    // The client renders the page (or its 404 screen); unknown paths also get a real 404 status.
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
