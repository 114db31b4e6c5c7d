import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { LEGAL_DOCUMENT_FILES, legalDocument, legalSourceOf } from './service.ts';

/** '/aviso-legal.pdf', '/politica-privacidad.pdf' and '/politica-cookies.pdf': the spec's links, made on request. */
export function registerLegalDocumentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const source = legalSourceOf(deps.config);
  for (const file of LEGAL_DOCUMENT_FILES) {
    app.get(`/${file}`, async (request, reply) => {
      const { pdf, etag } = await legalDocument(deps.database.db, file, source, deps.clock.now());
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/pdf').header('Content-Disposition', `inline; filename="${file}"`).send(pdf);
    });
  }
}
