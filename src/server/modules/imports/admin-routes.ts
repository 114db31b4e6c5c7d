import type { FastifyError, FastifyInstance } from 'fastify';
import { IMPORT_FILE_MAX_BYTES, importMappingInputSchema, importPlanSchema, importUploadQuerySchema } from '@shared/schemas/import.ts';
import { importMessages } from '@shared/staff-messages/imports.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { REQUEST_DATABASE_BUDGET_MS, withDatabaseDeadline } from '../../db/deadline.ts';
import { AppError } from '../../platform/errors.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import * as imports from './service.ts';

/** A file of 100,000 rows is read and checked against every guest in one request: past a request's usual limit. */
const LONG_WORK_HARD_LIMIT_MS = 2 * 60_000;
/** What browsers send as a file's type; the bytes decide whether it is CSV or XLSX. */
const FILE_CONTENT_TYPES = [
  'application/octet-stream',
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

const longWork = <T>(work: () => Promise<T>) => withDatabaseDeadline(REQUEST_DATABASE_BUDGET_MS, work, LONG_WORK_HARD_LIMIT_MS);

/** Configuración › Importar (issue 49): the owner's alone; every write with a recent sign-in (permissions.ts). */
export function registerImportAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  // Its own scope, so the file's parser and its size limit apply to the upload only.
  void app.register(async (scope) => {
    scope.addContentTypeParser(FILE_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_FILE_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, 'import_file_refused', importMessages.errors.tooLarge, { file: importMessages.errors.tooLarge });
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        throw new AppError(400, 'import_file_refused', importMessages.errors.unreadable, { file: importMessages.errors.unreadable });
      }
      throw error;
    });
    scope.post('/imports/files', { bodyLimit: IMPORT_FILE_MAX_BYTES }, async (request, reply) => {
      const query = parseInput(importUploadQuerySchema, request.query);
      if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'import_file_refused', importMessages.errors.unreadable, { file: importMessages.errors.unreadable });
      const body = request.body;
      const owner = { userId: request.sessionUser!.id, email: request.sessionUser!.email };
      const file = await longWork(() => imports.uploadImportFile(service, body, query, owner));
      return reply.status(201).header('Cache-Control', 'no-store').send(file);
    });
  });
  app.get('/imports', () => imports.recentImportRuns(service));
  app.get('/imports/mappings', () => imports.listImportMappings(service));
  app.post('/imports/mappings', async (request, reply) =>
    reply.status(201).send(await imports.saveImportMapping(service, parseInput(importMappingInputSchema, request.body))),
  );
  app.delete('/imports/mappings/:id', async (request, reply) => {
    await imports.deleteImportMapping(service, idOf(request));
    return reply.status(204).send();
  });
  app.get('/imports/:id', (request) => imports.importRun(service, idOf(request)));
  app.post('/imports/:id/dry-run', (request) => {
    const id = idOf(request);
    const plan = parseInput(importPlanSchema, request.body);
    return longWork(() => imports.checkImport(service, id, plan));
  });
  app.get('/imports/:id/report.csv', async (request, reply) => {
    const csv = await longWork(() => imports.importReportCsv(service.db, idOf(request)));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${importMessages.report.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
  app.post('/imports/:id/start', async (request, reply) =>
    reply.status(202).send(await imports.startImport(service, idOf(request), sensitiveActor(request))),
  );
  app.post('/imports/:id/undo', (request) => longWork(() => imports.undoImport(service, idOf(request), sensitiveActor(request))));
}
