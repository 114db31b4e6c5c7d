import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '@shared/routes.ts';
import { apiNotFound } from './errors.ts';

/** The file types the build writes .br and .gz copies of (vite.config.ts, precompress). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)(\.(br|gz))?$/;

type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none (identity). The client's
 * q-values decide; on a tie brotli wins, and `*` stands for any encoding not listed by name.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const qualityOf = (encoding: ContentEncoding) => quality.get(encoding) ?? quality.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce((a, b) => (qualityOf(b) > qualityOf(a) ? b : a));
  return qualityOf(best) > 0 ? best : null;
}

/** index.html in each encoding, compressed once at start-up (a few kilobytes: milliseconds). */
function indexVariants(html: string): Record<ContentEncoding | 'identity', Buffer> {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated. Text files go out as
 * the build's .br or .gz copy when the browser accepts one (`preCompressed`).
 */
export async function registerWebAssets(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const indexPath = webRoot ? join(webRoot, 'index.html') : null;
  const indexHtml = indexPath && existsSync(indexPath) ? indexVariants(readFileSync(indexPath, 'utf8')) : null;
  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(webRoot, 'assets'));
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (COMPRESSIBLE.test(path)) reply.header('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !indexHtml || request.method !== 'GET') {
      return reply.status(404).send(apiNotFound(request.id));
    }
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    // The client renders the page (or its 404 screen); unknown paths also get a real 404 status.
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(indexHtml[encoding ?? 'identity']);
  });
}
