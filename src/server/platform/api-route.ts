// A documented route (issue 48, decision 048): it names its zod schemas once, in its spec; the handler validates with
// those same objects through `input`, and /api/openapi.json is built from the specs Fastify registered. Every route
// under /api/public and /api/v1 is one (tests/api/openapi.test.ts fails otherwise).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKeyScope } from '@shared/schemas/api-keys.ts';
import type { FieldTexts } from './errors.ts';
import { parseInput } from './validation.ts';

/** One answer of a route, as the document says it. */
export interface ApiResponseSpec {
  description: string;
  /** The body's shared schema, where one exists (the document shows it with `io: 'output'`). */
  schema?: z.ZodType;
  /** 'application/json' unless said; a body of another type (an image, a calendar) is named without a schema. */
  contentType?: string;
}

export interface ApiRouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path under the scope's prefix, Fastify's syntax ('/guest-reservations/:token'). */
  url: string;
  /** The group the reference shows it in. */
  tag: string;
  /** One line, shown beside the path. */
  summary: string;
  /** Markdown: what the summary leaves out (limits, rate limits, the order of checks). */
  description?: string;
  /** An object schema of the path's parameters, one property each. */
  params?: z.ZodType;
  /** An object schema of the query string, one property each. */
  querystring?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** Under /api/v1: the one scope the caller's API key needs (checked before the body is read, decision 049). */
  scope?: ApiKeyScope;
  /** The answers by status; 400 (when there is input) and every other error, `ApiError`, are added by the document. */
  responses: Readonly<Record<number, ApiResponseSpec>>;
}

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;

/**
 * The request's input parsed with the spec's own schemas, when the handler asks: after its rate limit, say, so that
 * a refused request still counts. A failure is parseInput's 400.
 */
export interface ApiInput<Spec extends ApiRouteSpec> {
  params(): Parsed<Spec['params']>;
  query(): Parsed<Spec['querystring']>;
  /** `fieldTexts`: the route's own message for a failing field, in place of the schema's. */
  body(fieldTexts?: FieldTexts): Parsed<Spec['body']>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec of a route registered with apiRoute(): what /api/openapi.json is built from. */
    apiRoute?: ApiRouteSpec;
  }
}

function declared<Schema extends z.ZodType | undefined>(schema: Schema, part: string, url: string): z.ZodType {
  if (!schema) throw new Error(`${url} declares no ${part} schema: add it to the route's spec`);
  return schema;
}

/** Registers a documented route on `app` (a prefixed scope: /api/public, /api/v1). */
export function apiRoute<const Spec extends ApiRouteSpec>(
  app: FastifyInstance,
  spec: Spec,
  handler: (request: FastifyRequest, reply: FastifyReply, input: ApiInput<Spec>) => unknown,
): void {
  app.route({
    method: spec.method,
    url: spec.url,
    config: { apiRoute: spec, ...(spec.scope ? { apiScope: spec.scope } : {}) },
    handler: async (request, reply) => {
      const input: ApiInput<Spec> = {
        params: () => parseInput(declared(spec.params, 'params', spec.url), request.params) as Parsed<Spec['params']>,
        query: () => parseInput(declared(spec.querystring, 'querystring', spec.url), request.query) as Parsed<Spec['querystring']>,
        body: (fieldTexts) => parseInput(declared(spec.body, 'body', spec.url), request.body, fieldTexts) as Parsed<Spec['body']>,
      };
      return handler(request, reply, input);
    },
  });
}
