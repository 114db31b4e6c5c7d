// Issue 48, decision 048: /api/openapi.json names every route under /api/public and /api/v1, says of each the very
// schemas it validates with, and is valid OpenAPI 3.1.
import { validate } from '@readme/openapi-parser';
import Fastify, { type RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRoute, type ApiRouteSpec } from '../../src/server/platform/api-route.ts';
import { JSON_SCHEMA_OPTIONS, openApiPath } from '../../src/server/platform/openapi.ts';
import * as validation from '../../src/server/platform/validation.ts';
import { MESA_VERSION } from '../../src/server/version.ts';
import { plausibleUrl, routeTable } from '../support/route-table.ts';
import { TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

vi.mock('fastify', async (importOriginal) => (await import('../support/route-table.ts')).withRouteTable(await importOriginal()));

/** Every parse of a request's input, whoever asks for it: the schema object and the value it was given. */
const parses = vi.hoisted(() => [] as Array<{ schema: unknown; value: unknown }>);
vi.mock('../../src/server/platform/validation.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof validation>();
  return {
    ...actual,
    parseInput: ((schema, value, fieldTexts) => {
      parses.push({ schema, value });
      return actual.parseInput(schema, value, fieldTexts);
    }) as typeof actual.parseInput,
  };
});

type Json = Record<string, unknown>;
interface Operation {
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Json }>;
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
  summary: string;
  security?: unknown[];
}

const DOCUMENTED_PREFIXES = ['/api/public/', '/api/v1/'];
const isDocumented = (path: string) => DOCUMENTED_PREFIXES.some((prefix) => path.startsWith(prefix));

const { app } = useApiSuite({ owner: false });
let document: Json & { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };
beforeAll(async () => {
  const response = await app().request({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

/** The server's routes under the documented prefixes, as Fastify registered them. */
const documentedRoutes = () => routeTable().filter((route) => isDocumented(route.path));
const operationOf = (method: string, path: string) => document.paths[openApiPath(path)]?.[method.toLowerCase()];

/** The JSON Schema zod itself makes of `schema`, as the document should hold it. */
function zodJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { ...JSON_SCHEMA_OPTIONS, io }) as Json;
  return json;
}

/** `schema` with every local `$ref` replaced by what it points at: the document's components, or zod's own `$defs`. */
function inlined(schema: unknown, definitions: Record<string, Json>, prefix: string, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, definitions, prefix, depth));
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, $defs: _defs, ...rest } = schema as Json;
  if (typeof $ref === 'string' && $ref.startsWith(prefix) && depth < 20) return inlined(definitions[$ref.slice(prefix.length)], definitions, prefix, depth + 1);
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlined(value, definitions, prefix, depth)]));
}
const inDocument = (schema: unknown) => inlined(schema, document.components.schemas, '#/components/schemas/');
const inZod = (json: Json) => inlined(json, (json.$defs ?? {}) as Record<string, Json>, '#/$defs/');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document named Mesa, of this version, for PUBLIC_URL, cacheable briefly', async () => {
    const response = await app().request({ method: 'GET', url: '/api/openapi.json' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: 'Mesa', version: MESA_VERSION });
    expect(document.servers).toEqual([{ url: TEST_ORIGIN }]);
    expect(document.components).toMatchObject({ securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } });
  });

  it('passes an OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors.map((error) => error.message)).toEqual([]);
    expect(result.specification).toBe('OpenAPI');
  });

  it('has every route Fastify registered under /api/public and /api/v1, with its method, and nothing else', () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter(({ method, path }) => !operationOf(method, path)).map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    const registered = new Set(routes.map(({ method, path }) => `${method.toLowerCase()} ${openApiPath(path)}`));
    const stale = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`).filter((label) => !registered.has(label)),
    );
    expect(stale).toEqual([]);
  });

  it('says of each operation the very schemas its route validates with, as zod makes them', () => {
    for (const { method, path, route } of documentedRoutes()) {
      const label = `${method} ${path}`;
      const spec = route.config?.apiRoute;
      expect(spec, `${label} is registered with apiRoute()`).toBeDefined();
      const operation = operationOf(method, path)!;
      expect(operation.summary, label).toBe(spec!.summary);

      const body = operation.requestBody?.content['application/json']?.schema;
      if (spec!.body) expect(inDocument(body), `${label} body`).toEqual(inZod(zodJsonSchema(spec!.body, 'input')));
      else expect(operation.requestBody, `${label} has no body schema`).toBeUndefined();

      for (const [where, schema] of [['path', spec!.params], ['query', spec!.querystring]] as const) {
        const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === where);
        if (!schema) {
          // Undeclared path parameters are named as plain strings, so that the document stays valid.
          if (where === 'query') expect(parameters, `${label} has no query schema`).toEqual([]);
          continue;
        }
        const expected = inZod(zodJsonSchema(schema, 'input')) as { properties: Json; required?: string[] };
        const documented = Object.fromEntries(parameters.map((parameter) => [parameter.name, inDocument(parameter.schema)]));
        expect(documented, `${label} ${where} parameters`).toEqual(expected.properties);
        const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
        expect(required.sort(), `${label} required ${where} parameters`).toEqual(where === 'path' ? Object.keys(expected.properties).sort() : [...(expected.required ?? [])].sort());
      }

      for (const [status, response] of Object.entries(spec!.responses)) {
        const documented = operation.responses[status]?.content?.[response.contentType ?? 'application/json']?.schema;
        if (response.schema) expect(inDocument(documented), `${label} ${status}`).toEqual(inZod(zodJsonSchema(response.schema, 'output')));
      }
      expect(operation.responses.default, `${label} documents the error shape`).toBeDefined();
      expect(operation.security === undefined, `${label}: a key is asked under /api/v1 only`).toBe(!path.startsWith('/api/v1/'));
    }
  });
});

/**
 * The parses a request led to that were given its params, query or body, with the schema the spec declares for it:
 * one whose schema is another object is a route validating with a schema the document does not show.
 */
function mismatches(spec: ApiRouteSpec, sent: { params: Json; query: Json; body: Json }, seen: typeof parses): string[] {
  const declared = { params: spec.params, query: spec.querystring, body: spec.body };
  return seen.flatMap(({ schema, value }) =>
    (['params', 'query', 'body'] as const)
      .filter((part) => JSON.stringify(value) === JSON.stringify(sent[part]) && schema !== declared[part])
      .map((part) => `${part} parsed with a schema its spec does not declare`),
  );
}

/** Sends `route` a request whose query and body are recognisable, and returns what parsing it met. */
async function probe(instance: { inject: TestApp['instance']['app']['inject'] }, method: string, path: string, route: RouteOptions, remoteAddress: string) {
  const params = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, decodeURIComponent(plausibleUrl(`/:${name}`).slice(1))]));
  const sent = { params, query: { probe: 'query' }, body: { probe: 'body' } };
  parses.length = 0;
  await instance.inject({
    method: method as 'GET',
    url: `${plausibleUrl(path)}?probe=query`,
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    ...(method === 'GET' ? {} : { payload: sent.body }),
  });
  return mismatches(route.config!.apiRoute!, sent, [...parses]);
}

describe('the schema a route validates with', () => {
  it('is, on every documented route, the one its spec declares (and so the one the document shows)', async () => {
    const found: string[] = [];
    let checked = 0;
    for (const { method, path, route } of documentedRoutes()) {
      const problems = await probe(app().instance.app, method, path, route, freshAddress());
      found.push(...problems.map((problem) => `${method} ${path}: ${problem}`));
      checked += parses.length;
    }
    expect(found).toEqual([]);
    // The probe reached the parsing of most routes: a path, query or body parse each.
    expect(checked).toBeGreaterThan(20);
  });

  it('is caught when it differs from the declared one', async () => {
    const declared = z.object({ name: z.string() });
    const other = z.object({ name: z.string(), extra: z.string().optional() });
    const spec = { method: 'POST', url: '/probe', tag: 'Test', summary: 'A route that validates with another schema', body: declared, responses: { 200: { description: 'OK' } } } as const;
    const fake = Fastify();
    apiRoute(fake, spec, (request) => validation.parseInput(other, request.body));
    await fake.ready();
    const route = routeTable().find((entry) => entry.route.config?.apiRoute === spec)!.route;
    expect(await probe(fake, 'POST', '/probe', route, '10.48.255.1')).toEqual(['body parsed with a schema its spec does not declare']);
    await fake.close();
  });
});
