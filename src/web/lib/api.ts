import type { ZodType } from 'zod';
import { currentLanguage, guestLanguageState } from './i18n/guest-language';

// The browser's own failures, in the guest's language (Spanish on staff pages), read when they happen.
const networkErrorMessage = () => guestLanguageState().texts.http.networkError;
const invalidResponseMessage = () => guestLanguageState().texts.http.invalidResponse;

/** Every failed API call ends here; `message` is in the page's language and ready to show in a toast. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** HTTP status, or 0 when the server could not be reached. */
  readonly status: number;
  readonly code: string;
  /** Per-field messages of a validation error, keyed by field name. */
  readonly fields: Record<string, string> | undefined;
  readonly requestId: string | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    requestId?: string,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Where apiFetch sends its requests: the browser's fetch, unless the server's prerender of a page (web/ssr) answers
 * them itself, for the request it renders.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

export interface ApiFetchOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (a file upload), with the blob's own type as Content-Type; takes the place of `body`. */
  rawBody?: Blob;
  /** Validates (and types) the 2xx response body. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /** 'text': a 2xx body is returned as the text it is (a file to save); errors are still the API's JSON. */
  read?: 'json' | 'text';
  /** Sent along (the booking forms' proof of work). */
  headers?: Record<string, string>;
}

let confirmRecentSignIn: (() => Promise<boolean>) | undefined;

/**
 * Set by /admin's shell (issue 41): a write refused with 'recent_sign_in_required' asks for the password through
 * `handler`, and once it resolves true the write is sent again, once; its caller never sees the refusal.
 */
export function setRecentSignInHandler(handler: (() => Promise<boolean>) | undefined): void {
  confirmRecentSignIn = handler;
}

/**
 * Calls the Mesa API on the same origin. Resolves with the JSON body (undefined for an empty
 * answer such as 204) and rejects with ApiRequestError; an abort is re-thrown as is so that
 * TanStack Query can tell a cancellation from a failure.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  try {
    return await request(path, options);
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'recent_sign_in_required' && (await confirmRecentSignIn?.())) {
      return request(path, options);
    }
    throw error;
  }
}

async function request<T>(
  path: string,
  { method = 'GET', body, rawBody, schema, signal, read = 'json', headers: extraHeaders }: ApiFetchOptions<T>,
): Promise<T> {
  // The guest's chosen language, so that the server answers in it; 'es' on staff pages (the back office is Spanish).
  const headers: Record<string, string> = {
    Accept: read === 'json' ? 'application/json' : '*/*',
    'Accept-Language': currentLanguage(),
    ...extraHeaders,
  };
  if (rawBody !== undefined) headers['Content-Type'] = rawBody.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiRequestError(0, 'NETWORK_ERROR', networkErrorMessage());
  }

  let data: unknown;
  try {
    const text = await response.text();
    if (response.ok && read === 'text') return text as T;
    data = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch (error) {
    if (isAbort(error)) throw error;
    // A proxy error page or the SPA's index.html: nothing the user can act on.
    throw new ApiRequestError(response.status, 'NETWORK_ERROR', networkErrorMessage());
  }

  if (!response.ok) {
    // Loaded on the first error: zod stays out of the guest page's initial JavaScript (PERFORMANCE.md).
    const { apiErrorSchema } = await import('@shared/schemas/api');
    const parsed = apiErrorSchema.safeParse(data);
    if (!parsed.success) {
      throw new ApiRequestError(response.status, 'NETWORK_ERROR', networkErrorMessage());
    }
    const { code, message, fields, requestId } = parsed.data.error;
    throw new ApiRequestError(response.status, code, message, fields, requestId);
  }

  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiRequestError(response.status, 'INVALID_RESPONSE', invalidResponseMessage());
  }
  return parsed.data;
}

/** The message to show for any error a hook may surface. */
export function errorMessage(error: unknown, fallback?: string): string {
  return error instanceof ApiRequestError ? error.message : (fallback ?? networkErrorMessage());
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
