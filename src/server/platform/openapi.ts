// GET /api/openapi.json (issue 48, decision 048): OpenAPI 3.1 built from the specs of the routes registered with
// apiRoute(), their zod schemas turned into JSON Schema 2020-12 by zod itself. No copy is written by hand.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@shared/schemas/api.ts';
import type { ApiRouteSpec } from './api-route.ts';

/** Where the document is served; /api/docs reads it. */
export const OPENAPI_PATH = '/api/openapi.json';
/** The prefix of the key-authenticated API for integrations (issue 48): API keys only, no cookies, so no CSRF to defend against; its operations ask for the bearer key. */
export const V1_PREFIX = '/api/v1';

type JsonSchema = Record<string, unknown>;

/**
 * How a zod schema becomes the document's JSON Schema: what cannot be said in JSON Schema (a date object, a custom
 * check) becomes `{}`, any value, instead of failing the whole document. Requests are described by what the route
 * accepts (`io: 'input'`: a transform's or a default's input side), answers by what it sends (`'output'`).
 * A `.catch(value)` is no default a client should send (the honeypot's 'filled' is what a bot's answer becomes), so
 * its `default` is left out.
 */
export const JSON_SCHEMA_OPTIONS = {
  target: 'draft-2020-12',
  unrepresentable: 'any',
  override: ({ zodSchema, jsonSchema }) => {
    if (zodSchema._zod.def.type === 'catch') delete jsonSchema.default;
  },
} as const satisfies z.core.ToJSONSchemaParams;

/** The JSON Schema of `schema` as a Schema Object: zod's, less its `$schema` (the document's dialect says it). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { ...JSON_SCHEMA_OPTIONS, io }) as JsonSchema;
    return json;
  } catch (error) {
    // Never a document that fails to build because of one schema: that one says it could not be described.
    return { description: `Not representable in JSON Schema (${(error as Error).message})` };
  }
}

export interface DocumentedRoute {
  method: string;
  /** The full path, Fastify's syntax: '/api/public/guest-reservations/:token'. */
  path: string;
  spec: ApiRouteSpec;
}

export interface DocumentInfo {
  version: string;
  publicUrl: URL;
}

type Operation = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const errorContent = { 'application/json': { schema: ERROR_REF } };

/** '/api/public/guest-reservations/:token' → '/api/public/guest-reservations/{token}'. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const pathParameterNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** 'POST /api/public/guest-reservations/:token/cancel' → 'postPublicGuestReservationsTokenCancel'. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^a-z0-9]+/i)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/**
 * A schema's `$defs` (zod makes them for a schema given an id with `.meta({ id })`, or for a cycle) moved into the
 * document's components, where a `$ref` of an OpenAPI 3.1 document resolves: '#/$defs/x' would point at the root.
 */
function hoistDefinitions(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!$defs) return schema;
  const names = new Map<string, string>();
  for (const [name, definition] of Object.entries($defs)) {
    let unique = name;
    for (let n = 2; unique in components && JSON.stringify(components[unique]) !== JSON.stringify(definition); n++) unique = `${name}${n}`;
    names.set(name, unique);
  }
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => {
        const local = key === '$ref' && typeof child === 'string' ? /^#\/\$defs\/(.+)$/.exec(child)?.[1] : undefined;
        return [key, local !== undefined ? `#/components/schemas/${names.get(local) ?? local}` : rewrite(child)];
      }),
    );
  };
  for (const [name, definition] of Object.entries($defs)) components[names.get(name)!] = rewrite(definition) as JsonSchema;
  return rewrite(rest) as JsonSchema;
}

/** Each property of an object schema as one parameter `in` the path or the query. */
function parametersOf(schema: JsonSchema, where: 'path' | 'query'): Operation[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function operationOf({ method, path, spec }: DocumentedRoute, components: Record<string, JsonSchema>): Operation {
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => hoistDefinitions(jsonSchemaOf(schema, io), components);
  const parameters = [
    ...(spec.params ? parametersOf(schemaOf(spec.params, 'input'), 'path') : []),
    ...(spec.querystring ? parametersOf(schemaOf(spec.querystring, 'input'), 'query') : []),
  ];
  // A path parameter the spec does not describe is still named: the document stays valid, and it says 'a string'.
  for (const name of pathParameterNames(path)) {
    if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    const type = response.contentType ?? 'application/json';
    const hasBody = response.schema !== undefined || response.contentType !== undefined;
    responses[status] = {
      description: response.description,
      ...(hasBody ? { content: { [type]: response.schema ? { schema: schemaOf(response.schema, 'output') } : {} } } : {}),
    };
  }
  if ((spec.params || spec.querystring || spec.body) && !responses['400']) {
    responses['400'] = { description: 'Invalid input: `error.fields` has one message per field, by its dotted path.', content: errorContent };
  }
  responses.default = { description: 'Any other error.', content: errorContent };
  const description = [spec.description, spec.scope && `Needs an API key with the scope \`${spec.scope}\`.`].filter(Boolean).join('\n\n');
  return {
    operationId: operationId(method, path),
    summary: spec.summary,
    ...(description ? { description } : {}),
    tags: [spec.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.body, 'input') } } } } : {}),
    responses,
    ...(path.startsWith(`${V1_PREFIX}/`) ? { security: [{ apiKey: [] }] } : {}),
  };
}

const DESCRIPTION = [
  "Mesa's HTTP API. Routes under `/api/public` are anonymous: the booking form, availability, and the guest's pages",
  'behind their private link (the token in the path is the only credential). Routes under `/api/v1` are for',
  'integrations and ask for an API key: `Authorization: Bearer <key>`.',
  '',
  'Every error answers `{ "error": { "code", "message", "fields"?, "requestId"? } }`; `message` is ready to show, in',
  "the guest's language (by `Accept-Language`) under `/api/public`, in Spanish elsewhere. A write from a browser must",
  "carry the site's own `Origin`. Dates travel as `yyyy-MM-dd`, times as `HH:mm`, both in Madrid time.",
].join('\n');

/** The OpenAPI 3.1 document of `routes`. */
export function openApiDocument(routes: readonly DocumentedRoute[], info: DocumentInfo): Record<string, unknown> {
  const components: Record<string, JsonSchema> = { ApiError: jsonSchemaOf(apiErrorSchema, 'output') };
  const paths: Record<string, Record<string, Operation>> = {};
  const tags: string[] = [];
  for (const route of routes) {
    const operations = (paths[openApiPath(route.path)] ??= {});
    operations[route.method.toLowerCase()] = operationOf(route, components);
    if (!tags.includes(route.spec.tag)) tags.push(route.spec.tag);
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Mesa', version: info.version, description: DESCRIPTION },
    servers: [{ url: info.publicUrl.href.replace(/\/$/, '') }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key made in Mesa, sent as `Authorization: Bearer <key>` (routes under /api/v1).' },
      },
    },
  };
}

/**
 * Every route registered with apiRoute() from here on, as Fastify registers it (its full path, its methods). Call on
 * the root instance before the documented scopes are registered.
 */
export function collectApiRoutes(app: FastifyInstance): readonly DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const spec = route.config?.apiRoute;
    if (!spec) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, path: route.url, spec });
  });
  return routes;
}

/** Serves the document of `routes` at OPENAPI_PATH: built on the first request (all are registered by then), then kept. */
export function registerOpenApiDocument(app: FastifyInstance, routes: readonly DocumentedRoute[], info: DocumentInfo): void {
  let document: string | null = null;
  app.get(OPENAPI_PATH, (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(routes, info));
    // Briefly: a new version's routes show within minutes.
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(document);
  });
}
