import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_KEY_REQUESTS_PER_MINUTE } from '@shared/limits.ts';
import { formatMessage, messages } from '@shared/messages.ts';
import type { ApiKeyCreated, ApiKeyScope, ApiKeyView } from '@shared/schemas/api-keys.ts';
import { integrationsMessages as text } from '@shared/staff-messages/integrations.ts';
import { apiKeys } from '../../src/server/db/schema.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { uniqueEmail } from '../support/factories.ts';
import { TEST_ORIGIN } from '../support/test-app.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { expectOwnersAlone, staleOwner } from '../support/owner-routes.ts';

// Issue 48, part 2: the owner's API keys (Configuración › Integraciones) and the guard of /api/v1 (decision 049).
const KEY_SHAPE = /^mesa_[0-9a-f]{12}_[\w-]{43}$/;
const ownerEmail = uniqueEmail('integraciones');
const log: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    log.push(String(chunk));
    done();
  },
});
const suite = useApiSuite({ ownerEmail, logger: { level: 'trace', stream } });
const { app, db, owner, api: admin } = suite;

/** As an integration calls: no Origin, no cookie, the key as a Bearer token; a string payload is sent as raw JSON. */
function v1(method: 'GET' | 'POST' | 'PUT', url: string, key: string | null, options: { payload?: object | string; headers?: Record<string, string> } = {}) {
  return app().instance.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...(typeof options.payload === 'string' ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

async function createKey(scopes: ApiKeyScope[], name = `Clave ${scopes.join('+')}`): Promise<ApiKeyCreated> {
  const response = await admin('POST', '/integrations/api-keys', { name, scopes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function expectUnauthorized(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(401);
  expect(response.json().error, label).toMatchObject({ code: 'unauthenticated', message: text.api.unauthorized });
  expect(response.headers['www-authenticate'], label).toBe('Bearer realm="mesa"');
}

describe('Integraciones: the owner creates, lists and revokes API keys', () => {
  it('shows a new key once and keeps only its SHA-256; the list never carries it', async () => {
    const created = await createKey(['lectura', 'reservas']);
    expect(created.key).toMatch(KEY_SHAPE);
    expect(created.apiKey).toMatchObject({ name: 'Clave lectura+reservas', scopes: ['lectura', 'reservas'], createdByEmail: ownerEmail, lastUsedAt: null, revokedAt: null });
    expect(created.key.startsWith(`${created.apiKey.prefix}_`)).toBe(true);

    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.apiKey.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const secret = created.key.slice(created.apiKey.prefix.length + 1);
    const everything = await everyTableAsText(db());
    expect(everything).not.toContain(secret);

    const list = await admin('GET', '/integrations/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(row!.keyHash);
    const listed = (list.json() as ApiKeyView[]).find((key) => key.id === created.apiKey.id);
    expect(listed).toEqual(created.apiKey);
    expect(Object.keys(listed!)).not.toContain('key');
  });

  it('orders scopes as the catalogue does, each once, and refuses bad input in Spanish', async () => {
    expect((await createKey(['mesas', 'lectura', 'mesas'])).apiKey.scopes).toEqual(['lectura', 'mesas']);
    for (const [payload, field, message] of [
      [{ name: '', scopes: ['lectura'] }, 'name', text.validation.nameRequired],
      [{ name: 'x'.repeat(61), scopes: ['lectura'] }, 'name', text.validation.nameTooLong],
      [{ name: 'TPV\nbarra', scopes: ['lectura'] }, 'name', text.validation.nameInvalid],
      [{ name: 'TPV', scopes: [] }, 'scopes', text.validation.scopesRequired],
      [{ name: 'TPV' }, 'scopes', text.validation.scopesRequired],
      [{ name: 'TPV', scopes: ['todo'] }, 'scopes.0', text.validation.scopeInvalid],
    ] as const) {
      const response = await admin('POST', '/integrations/api-keys', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields?.[field], JSON.stringify(payload)).toBe(message);
    }
  });

  it('records each creation and revocation in Seguridad with the name, prefix and scopes, never the key', async () => {
    const created = await createKey(['clientes'], 'Hoja de clientes');
    expect((await admin('DELETE', `/integrations/api-keys/${created.apiKey.id}`)).statusCode).toBe(200);
    const changes = (await admin('GET', '/security/sensitive-changes')).json() as Array<{ action: string; detail: string; actorEmail: string }>;
    const detail = `«Hoja de clientes» (${created.apiKey.prefix}…): clientes`;
    expect(changes.filter((change) => change.detail === detail).map((change) => [change.action, change.actorEmail])).toEqual([
      ['api_key_revoked', ownerEmail],
      ['api_key_created', ownerEmail],
    ]);
    expect(JSON.stringify(changes)).not.toContain(created.key);
  });

  it('revokes once: the key answers 401 at once, a second revocation is a 409, an unknown key a 404', async () => {
    const { key, apiKey } = await createKey(['lectura']);
    expect((await v1('GET', '/tables', key)).statusCode).toBe(200);
    const revoked = await admin('DELETE', `/integrations/api-keys/${apiKey.id}`);
    expect(revoked.json()).toMatchObject({ id: apiKey.id, revokedAt: expect.any(String) });
    expectUnauthorized(await v1('GET', '/tables', key), 'revoked');
    const again = await admin('DELETE', `/integrations/api-keys/${apiKey.id}`);
    expect([again.statusCode, again.json().error.message]).toEqual([409, text.errors.alreadyRevoked]);
    const unknown = await admin('DELETE', '/integrations/api-keys/00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, text.errors.notFound]);
  });

  it("writes 'Último uso' on use, at most once a minute", async () => {
    const { key, apiKey } = await createKey(['lectura']);
    expect((await v1('GET', '/tables', key)).statusCode).toBe(200);
    const [first] = await db().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(first!.lastUsedAt).toBeInstanceOf(Date);
    await v1('GET', '/tables', key);
    const [second] = await db().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(second!.lastUsedAt).toEqual(first!.lastUsedAt);
  });
});

describe('who may manage the keys', () => {
  it('an encargado and the floor get 403 on every route', async () => {
    const { apiKey } = await createKey(['lectura']);
    await expectOwnersAlone(suite, [
      ['GET', '/integrations/api-keys', undefined],
      ['POST', '/integrations/api-keys', { name: 'TPV', scopes: ['lectura'] }],
      ['DELETE', `/integrations/api-keys/${apiKey.id}`, undefined],
    ]);
    expect((await db().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id)))[0]!.revokedAt).toBeNull();
  });

  it('the owner needs a recent sign-in to create or revoke a key, not to list them', async () => {
    const { apiKey } = await createKey(['lectura']);
    const stale = await staleOwner(suite, uniqueEmail('integraciones-antiguo'));
    expect((await admin('GET', '/integrations/api-keys', undefined, stale)).statusCode).toBe(200);
    const before = await db().select().from(apiKeys);
    for (const [method, url, payload] of [
      ['POST', '/integrations/api-keys', { name: 'TPV', scopes: ['lectura'] }],
      ['DELETE', `/integrations/api-keys/${apiKey.id}`, undefined],
    ] as const) {
      const response = await admin(method, url, payload, stale);
      expect([response.statusCode, response.json().error.code], `${method} ${url}`).toEqual([403, 'recent_sign_in_required']);
    }
    expect(await db().select().from(apiKeys)).toEqual(before);
  });
});

describe('the guard of /api/v1', () => {
  it('answers a missing, malformed, unknown or wrong key alike: 401, one body', async () => {
    const { key } = await createKey(['lectura']);
    const wrongSecret = `${key.slice(0, -4)}${key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const unknownPrefix = `mesa_${'f'.repeat(12)}_${key.slice(-43)}`;
    for (const [label, presented] of [
      ['no header', null],
      ['malformed', 'not-a-key'],
      ['wrong secret', wrongSecret],
      ['unknown prefix', unknownPrefix],
      ['empty', ''],
    ] as const) {
      expectUnauthorized(await v1('GET', '/tables', presented), label);
    }
    const basic = await v1('GET', '/tables', null, { headers: { authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` } });
    expectUnauthorized(basic, 'basic');
  });

  it('ignores a staff session: a cookie alone is 401 on /api/v1', async () => {
    const response = await app().request({ method: 'GET', url: '/api/v1/tables', cookie: owner() });
    expectUnauthorized(response, 'session cookie');
  });

  it('is not read anywhere else: a key on /api/admin is 401 as no session is', async () => {
    const { key } = await createKey(['lectura', 'reservas', 'mesas', 'clientes']);
    for (const url of ['/api/admin/tables', '/api/admin/reservations/today', '/api/admin/integrations/api-keys']) {
      const response = await app().instance.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}`, origin: TEST_ORIGIN } });
      expect([response.statusCode, response.json().error.message], url).toEqual([401, messages.http.unauthorized]);
    }
  });

  it('answers an unknown path 401 without a key and 404 with one', async () => {
    const { key } = await createKey(['lectura']);
    expectUnauthorized(await v1('GET', '/nada', null), 'unknown path');
    expect((await v1('GET', '/nada', key)).statusCode).toBe(404);
  });

  it('checks the scope before the body: 403 for an invalid body or bad JSON, 400 once the scope is there', async () => {
    const reader = await createKey(['lectura']);
    const scopeError = formatMessage(text.api.forbiddenScope, { scope: 'reservas' });
    for (const payload of [{ customerName: '' }, '{"roto":', {}]) {
      const response = await v1('POST', '/reservations', reader.key, { payload });
      expect([response.statusCode, response.json().error.code, response.json().error.message], JSON.stringify(payload)).toEqual([403, 'forbidden_scope', scopeError]);
    }
    const guests = await v1('GET', '/guests', reader.key);
    expect([guests.statusCode, guests.json().error.message]).toEqual([403, formatMessage(text.api.forbiddenScope, { scope: 'clientes' })]);
    const writer = await createKey(['reservas']);
    const invalid = await v1('POST', '/reservations', writer.key, { payload: { customerName: '' } });
    expect(invalid.statusCode).toBe(400);
    expect((await v1('GET', '/tables', writer.key)).statusCode).toBe(403);
  });

  it('needs no Origin header: a write with a key is no CSRF case', async () => {
    const { key } = await createKey(['reservas']);
    const response = await v1('POST', '/waitlist', key, { payload: {} });
    expect(response.statusCode, response.body).toBe(400);
  });

  it(`limits each key to ${API_KEY_REQUESTS_PER_MINUTE} requests a minute, with a Spanish 429`, async () => {
    const busy = await createKey(['lectura'], 'Script con prisa');
    const calm = await createKey(['lectura'], 'Script tranquilo');
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) {
      const response = await v1('GET', '/nada', busy.key);
      if (response.statusCode !== 404) expect(response.statusCode, `request ${i + 1}`).toBe(404);
    }
    const refused = await v1('GET', '/tables', busy.key);
    expect([refused.statusCode, refused.json().error.message]).toEqual([429, messages.http.rateLimited]);
    expect((await v1('GET', '/tables', calm.key)).statusCode).toBe(200);
  });
});

describe('the change log', () => {
  it("names the key that made a change: its reservation's line says the key's name", async () => {
    const { key } = await createKey(['reservas', 'mesas'], 'TPV de la barra');
    const created = await v1('POST', '/reservations', key, {
      payload: { customerName: 'Lucía Pérez', customerPhone: '600 111 222', numberOfPeople: 2, reservationDate: '2099-03-03', reservationTime: '13:00', override: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await v1('POST', `/reservations/${id}/arrival`, key, { payload: { arrivalStatus: 'arrived' } })).statusCode).toBe(200);
    const lines = (await admin('GET', `/reservations/${id}/changes`)).json() as Array<{ actor: string; actorEmail: string | null; apiKeyName: string | null; action: string }>;
    expect(lines.map(({ actor, actorEmail, apiKeyName, action }) => ({ actor, actorEmail, apiKeyName, action }))).toEqual([
      { actor: 'api_key', actorEmail: null, apiKeyName: 'TPV de la barra', action: 'created' },
      { actor: 'api_key', actorEmail: null, apiKeyName: 'TPV de la barra', action: 'arrival' },
    ]);
  });
});

describe('the server log', () => {
  it('never holds a key, whatever the answer was', async () => {
    const { key, apiKey } = await createKey(['lectura']);
    await v1('GET', '/tables', key);
    await v1('POST', '/reservations', key, { payload: '{"roto":' });
    await v1('GET', '/nada', key);
    await admin('DELETE', `/integrations/api-keys/${apiKey.id}`);
    await v1('GET', '/tables', key);
    const secret = key.slice(apiKey.prefix.length + 1);
    const text = log.join('');
    expect(text).toContain('/api/v1/tables');
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/mesa_[0-9a-f]{12}_[\w-]{43}/);
  });
});
