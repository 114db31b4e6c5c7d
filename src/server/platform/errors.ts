import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { type GuestText, guestText } from '@shared/i18n/text-keys.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import type { ApiError } from '@shared/schemas/api.ts';
import { issueTextKey } from '@shared/schemas/guest-field-text.ts';
import { apiLanguage, guestTextIn } from './guest-language.ts';

/**
 * An error's text (decision 035): a guest text by its key, said at the edge in the request's language, or a staff
 * text, which has no other language and is the Spanish itself.
 */
export type ErrorText = GuestText | string;

const textIn = (text: ErrorText, language: Language): string =>
  typeof text === 'string' ? text : guestTextIn(text, language);

/**
 * A failure the client caused or may show. `text` and each of `fields` are said in the guest's language when the
 * request is a guest's; `message` is the Spanish, for the logs.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly text: ErrorText,
    readonly fields?: Record<string, ErrorText>,
  ) {
    super(textIn(text, DEFAULT_LANGUAGE));
  }
}

/** Guests' API requests are answered in their language; staff's (/api/admin, /api/auth) stay Spanish. */
const errorLanguage = (request: FastifyRequest): Language =>
  request.url.startsWith('/api/public/') ? apiLanguage(request) : DEFAULT_LANGUAGE;

export const badRequest = (text: ErrorText = guestText('http.badRequest'), fields?: Record<string, ErrorText>) =>
  new AppError(400, 'bad_request', text, fields);
export const notFound = (text: ErrorText = guestText('http.notFound')) => new AppError(404, 'not_found', text);
export const conflict = (code: string, text: ErrorText) => new AppError(409, code, text);

/**
 * A route's own text for a failing top-level field (its name, or '_' for the body itself), in place of the schema's:
 * for a page whose texts are not the shared schema's (the rating's, say).
 */
export type FieldTexts = Readonly<Record<string, ErrorText>>;

/**
 * One message per invalid field, keyed by its dotted path; the first one also heads the answer. A schema's guest
 * text comes by its key (`fieldText`); zod's own messages and staff texts are Spanish as they are.
 */
export function validationError(error: ZodError, fieldTexts: FieldTexts = {}): AppError {
  const fields: Record<string, ErrorText> = {};
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.join('.') : '_';
    const key = issueTextKey(issue);
    fields[path] ??= fieldTexts[String(issue.path[0] ?? '_')] ?? (key ? guestText(key) : issue.message);
  }
  const first = Object.values(fields)[0];
  return new AppError(400, 'validation_failed', first ?? guestText('http.badRequest'), fields);
}

/** The answer's body, its texts in `language`. */
export function errorBody(error: AppError, requestId: string, language: Language = DEFAULT_LANGUAGE): ApiError {
  const fields = error.fields && Object.fromEntries(Object.entries(error.fields).map(([path, text]) => [path, textIn(text, language)]));
  return {
    error: {
      code: error.code,
      message: textIn(error.text, language),
      ...(fields ? { fields } : {}),
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
      return new AppError(415, 'unsupported_media_type', guestText('http.unsupportedMediaType'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'payload_too_large', guestText('http.tooLarge'));
    case 'FST_ERR_BAD_URL':
      return new AppError(400, 'invalid_url', guestText('http.invalidUrl'));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError(414, 'url_too_long', guestText('http.urlTooLong'));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(400, 'invalid_json', guestText('http.invalidJson'));
    default:
      if (error instanceof SyntaxError) return new AppError(400, 'invalid_json', guestText('http.invalidJson'));
      return new AppError(status, 'bad_request', guestText('http.badRequest'));
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

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known =
    error instanceof AppError
      ? error
      : error instanceof ZodError
        ? validationError(error)
        : isDatabaseUnreachable(error)
          ? new AppError(503, 'database_unavailable', guestText('http.databaseUnavailable'))
          : fromFastifyError(error);
  if (known) {
    if (known.status >= 500) request.log.error({ err: error }, known.message);
    return reply.status(known.status).send(errorBody(known, request.id, errorLanguage(request)));
  }
  request.log.error({ err: error }, 'unexpected error');
  const internal = new AppError(500, 'internal_error', guestText('http.internal'));
  return reply.status(500).send(errorBody(internal, request.id, errorLanguage(request)));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify's option for what its router refuses before any handler (a broken %-escape, a path parameter past
 * maxParamLength): answered as every other error, where Fastify would write its own English body.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  void sendError(error, request, reply);
};

export function apiNotFound(requestId: string): ApiError {
  return errorBody(notFound(), requestId);
}
