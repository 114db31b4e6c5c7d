// GET /api/docs (issue 48, decision 048): the API reference, Swagger UI served from its npm package's own files and
// started by a script of ours, all from Mesa itself under its CSP; no CDN, no inline script or style.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';

export const API_DOCS_PATH = '/api/docs';

/** Beside this module in the sources, beside the compiled server in dist/server (scripts/build-server.ts copies it). */
const OWN_FILES = fileURLToPath(new URL('./api-docs/', import.meta.url));
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

interface DocsFile {
  path: string;
  type: string;
}

/** Every file the page loads, by the name in its URL: nothing else is ever read, so no path can reach further. */
const FILES = new Map<string, DocsFile>([
  ['swagger-ui-bundle.js', { path: join(SWAGGER_UI, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' }],
  ['swagger-ui.css', { path: join(SWAGGER_UI, 'swagger-ui.css'), type: 'text/css; charset=utf-8' }],
  ['api-docs.js', { path: join(OWN_FILES, 'api-docs.js'), type: 'text/javascript; charset=utf-8' }],
  ['api-docs.css', { path: join(OWN_FILES, 'api-docs.css'), type: 'text/css; charset=utf-8' }],
]);
const PAGE: DocsFile = { path: join(OWN_FILES, 'index.html'), type: 'text/html; charset=utf-8' };

/** The page and its files, compressible by the scope's compression (api-compression.ts). */
export const API_DOCS_TYPES = /^(?:text\/(?:html|css|javascript)|application\/json)\b/;

export function registerApiDocs(app: FastifyInstance): void {
  // Read once, on first use: the bundle is 1.7 MB that a server nobody reads the docs of never loads.
  const read = new Map<string, Promise<Buffer>>();
  const contents = (file: DocsFile) => {
    let content = read.get(file.path);
    if (!content) {
      content = readFile(file.path);
      read.set(file.path, content);
      // A failed read is tried again next time rather than kept.
      content.catch(() => read.delete(file.path));
    }
    return content;
  };
  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply.type(PAGE.type).header('Cache-Control', 'no-cache').send(await contents(PAGE)),
  );
  app.get<{ Params: { file: string } }>(`${API_DOCS_PATH}/:file`, async (request, reply) => {
    const file = FILES.get(request.params.file);
    if (!file) throw notFound();
    // Not hashed names: cached an hour, as public/embed.js is, so that an upgrade shows within the hour.
    return reply.type(file.type).header('Cache-Control', 'public, max-age=3600').send(await contents(file));
  });
}
