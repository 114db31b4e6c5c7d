import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { messages } from '@shared/messages.ts';
import type { ApiError } from '@shared/schemas/api.ts';
import type { TextValues } from '@shared/i18n/format-text.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { apiLanguage, localiseSpanish } from './guest-language.ts';

/**
 * A failure the client caused or may show: `message` is the Spanish text the screen displays; a guest's request
 * gets it in their language (`localised`). `filledFrom`: the catalogue text and values `message` was filled from.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly filledFrom?: { text: string; values: TextValues },
  ) {
    super(message);
  }
}

/** A 409 whose Spanish message is `text` filled with `values`. */
export const filledConflict = (code: string, text: string, values: TextValues) =>
  new AppError(409, code, localiseSpanish(text, DEFAULT_LANGUAGE, values), undefined, { text, values });

/** The error's texts in `language`, from the guest catalogue; what it does not hold stays Spanish. */
function localised(error: AppError, language: Language): AppError {
  if (language === DEFAULT_LANGUAGE) return error;
  const message = error.filledFrom
    ? localiseSpanish(error.filledFrom.text, language, error.filledFrom.values)
    : localiseSpanish(error.message, language);
  const fields = error.fields && Object.fromEntries(Object.entries(error.fields).map(([key, text]) => [key, localiseSpanish(text, language)]));
  return new AppError(error.status, error.code, message, fields);
}

/** Guests' API requests are answered in their language; staff's (/api/admin, /api/auth) stay Spanish. */
const errorLanguage = (request: FastifyRequest): Language =>
  request.url.startsWith('/api/public/') ? apiLanguage(request) : DEFAULT_LANGUAGE;

export const badRequest = (message: string = messages.http.badRequest, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);
export const notFound = (message: string = messages.http.notFound) => new AppError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

/** One Spanish message per invalid field, keyed by its dotted path; the first one also heads the answer. */
export function validationError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0];
  return new AppError(400, 'validation_failed', first ?? messages.http.badRequest, fields);
}

function body(error: AppError, requestId: string): ApiError {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      requestId,
    },
  };
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large …) keep their 4xx with a Spanish text. */
function fromFastifyError(error: FastifyError): AppError | null {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'unsupported_media_type', messages.http.unsupportedMediaType);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'payload_too_large', messages.http.tooLarge);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(400, 'invalid_json', messages.http.invalidJson);
    default:
      if (error instanceof SyntaxError) return new AppError(400, 'invalid_json', messages.http.invalidJson);
      return new AppError(status, 'bad_request', messages.http.badRequest);
  }
}

// Node socket errors, a statement the database did not answer in time (ETIMEDOUT, 57014), and a database that
// refuses work: SQLSTATE class 08 (connection exception), class 53 (insufficient resources, 53300 too many
// connections), 55000 (not accepting connections) and 57P01-03 (shutting down, starting, in recovery).
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const UNAVAILABLE_SQLSTATE = /^(?:08|53)...$|^(?:57P0[1-3]|57014|55000)$/;
const UNREACHABLE_MESSAGE = /connection terminated|terminating connection|Connection ended|timeout exceeded when trying to connect|^timeout expired$/i;

/** The database could not be reached, did not answer in time or refuses connections, as opposed to a query it refused. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (UNREACHABLE_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known =
      error instanceof AppError
        ? error
        : error instanceof ZodError
          ? validationError(error)
          : isDatabaseUnreachable(error)
            ? new AppError(503, 'database_unavailable', messages.http.databaseUnavailable)
            : fromFastifyError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.message);
      return reply.status(known.status).send(body(localised(known, errorLanguage(request)), request.id));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send(body(localised(new AppError(500, 'internal_error', messages.http.internal), errorLanguage(request)), request.id));
  });
}

export function apiNotFound(requestId: string): ApiError {
  return body(notFound(), requestId);
}
