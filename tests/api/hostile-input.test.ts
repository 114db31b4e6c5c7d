import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@shared/limits.ts';
import { messages } from '@shared/messages.ts';
import { adminReservationSchema } from '@shared/schemas/staff-reservation.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import {
  applyMutation,
  ENGLISH_DEFAULT,
  fieldMutation,
  HOSTILE_FRAGMENTS,
  hostileString,
  IMPOSSIBLE_DATES,
  IMPOSSIBLE_TIMES,
  MISSING,
  notAnObject,
} from '../support/hostile-values.ts';
import { LONG_INPUT_TARGETS } from '../support/long-inputs.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';
import { configure, revisionOf } from '../support/factories.ts';

const TOMORROW = '2026-11-25';
const NEXT_MONDAY = '2026-11-30';
const RUNS = 40;
// Tuesday 24 November 2026, 11:00 in Madrid; it never moves, so "tomorrow" is always bookable.
const { app, db, owner } = useApiSuite({ at: '2026-11-24T10:00:00Z', afterStart: setUp });

let reservationId: string;
/** A guest's request, still pending: the only status that can still change. */
let pendingId: string;
let tableId: string;

function p256Key(): string {
  const ecdh = createECDH('prime256v1');
  return ecdh.generateKeys().toString('base64url');
}

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  admin?: boolean;
  in: 'body' | 'query';
  valid: () => Record<string, unknown>;
  dates?: string[];
  times?: string[];
  /** Fields whose absence must be refused. */
  required?: string[];
  /** Tables that must be exactly as before after a refusal. */
  tables: string[];
  /** Refusals that write by design (a failed sign-in is recorded). */
  writesOn?: number[];
  /** What the valid payload gets when it passes validation but the request still cannot succeed (no such account). */
  validStatus?: number;
}

const ENDPOINTS: Record<string, Endpoint> = {
  'GET /api/public/availability': {
    method: 'GET',
    url: () => '/api/public/availability',
    in: 'query',
    valid: () => ({ date: TOMORROW }),
    dates: ['date'],
    required: ['date'],
    tables: [],
  },
  'POST /api/public/reservations': {
    method: 'POST',
    url: () => '/api/public/reservations',
    in: 'body',
    valid: () => ({
      id: randomUUID(),
      customerName: 'María José Núñez',
      customerPhone: '+34 600 123 456',
      customerEmail: `guest-${randomUUID().slice(0, 8)}@example.com`,
      numberOfPeople: 2,
      reservationDate: TOMORROW,
      reservationTime: '13:30',
      specialRequirement: 'Trona',
      privacyConsent: true,
    }),
    dates: ['reservationDate'],
    times: ['reservationTime'],
    required: ['id', 'customerName', 'customerPhone', 'customerEmail', 'numberOfPeople', 'reservationDate', 'reservationTime', 'privacyConsent'],
    tables: ['reservations', 'consentimientos', 'email_outbox'],
  },
  'POST /api/public/cookie-consent': {
    method: 'POST',
    url: () => '/api/public/cookie-consent',
    in: 'body',
    valid: () => ({ version: 'v1', preferences: { necessary: true, analytics: false, marketing: true } }),
    required: ['version', 'preferences'],
    tables: ['cookie_consents'],
  },
  'POST /api/auth/login': {
    method: 'POST',
    url: () => '/api/auth/login',
    in: 'body',
    valid: () => ({ email: 'nobody@example.com', password: 'not-the-password-1' }),
    required: ['email', 'password'],
    tables: ['login_attempts', 'sessions', 'account_lockouts'],
    writesOn: [401, 423],
    validStatus: 401,
  },
  'POST /api/auth/recovery': {
    method: 'POST',
    url: () => '/api/auth/recovery',
    in: 'body',
    valid: () => ({ email: 'nobody@example.com' }),
    required: ['email'],
    tables: ['password_reset_tokens', 'email_outbox'],
  },
  'POST /api/auth/reset': {
    method: 'POST',
    url: () => '/api/auth/reset',
    in: 'body',
    valid: () => ({ token: 'x'.repeat(43), password: 'una-contrasena-muy-larga-7' }),
    required: ['token', 'password'],
    tables: ['users', 'sessions', 'password_reset_tokens'],
    validStatus: 410,
  },
  'GET /api/admin/reservations/history': {
    method: 'GET',
    url: () => '/api/admin/reservations/history',
    admin: true,
    in: 'query',
    valid: () => ({ from: '2026-11-01', to: '2026-12-31', status: 'confirmed', q: 'ana', sort: 'customer_name', direction: 'asc', page: '1' }),
    dates: ['from', 'to'],
    tables: [],
  },
  'GET /api/admin/statistics': {
    method: 'GET',
    url: () => '/api/admin/statistics',
    admin: true,
    in: 'query',
    valid: () => ({ from: '2026-11-01', to: '2026-11-30' }),
    dates: ['from', 'to'],
    required: ['from', 'to'],
    tables: [],
  },
  'GET /api/admin/reservations/export.csv': {
    method: 'GET',
    url: () => '/api/admin/reservations/export.csv',
    admin: true,
    in: 'query',
    valid: () => ({ from: '2026-11-01', to: '2026-12-31', status: 'confirmed', q: 'ana', sort: 'reservation_time', direction: 'desc' }),
    dates: ['from', 'to'],
    tables: [],
  },
  'GET /api/admin/covers-pacing': {
    method: 'GET',
    url: () => '/api/admin/covers-pacing',
    admin: true,
    in: 'query',
    valid: () => ({ date: '2026-12-02' }),
    dates: ['date'],
    required: ['date'],
    tables: [],
  },
  'POST /api/admin/reservations': {
    method: 'POST',
    url: () => '/api/admin/reservations',
    admin: true,
    in: 'body',
    valid: () => ({
      customerName: 'Ana Admin',
      customerPhone: '600123456',
      customerEmail: 'ana@example.com',
      numberOfPeople: 4,
      reservationDate: TOMORROW,
      reservationTime: '14:00',
      notes: 'Ventana',
      // One guest booked again and again: past the duplicate warning (issue 41).
      confirmDuplicate: true,
    }),
    dates: ['reservationDate'],
    times: ['reservationTime'],
    required: ['customerName', 'customerPhone', 'numberOfPeople', 'reservationDate', 'reservationTime'],
    tables: ['reservations'],
  },
  'PATCH /api/admin/reservations/:id/status': {
    method: 'PATCH',
    url: () => `/api/admin/reservations/${pendingId}/status`,
    admin: true,
    in: 'body',
    valid: () => ({ status: 'confirmed' }),
    required: ['status'],
    tables: ['reservations', 'email_outbox'],
  },
  'PATCH /api/admin/reservations/:id/arrival': {
    method: 'PATCH',
    url: () => `/api/admin/reservations/${reservationId}/arrival`,
    admin: true,
    in: 'body',
    // After the first accepted change this revision is stale: the fields are still checked first (400), then 409.
    valid: () => ({ arrivalStatus: 'arrived', adminNotes: 'Llegó', revision: 0 }),
    required: ['arrivalStatus', 'revision'],
    tables: ['reservations'],
  },
  'PUT /api/admin/pause/today': {
    method: 'PUT',
    url: () => '/api/admin/pause/today',
    admin: true,
    in: 'body',
    valid: () => ({ startTime: '13:00', endTime: '14:00' }),
    times: ['startTime', 'endTime'],
    required: ['startTime', 'endTime'],
    tables: ['daily_reservation_pauses'],
  },
  'POST /api/admin/blocked-days': {
    method: 'POST',
    url: () => '/api/admin/blocked-days',
    admin: true,
    in: 'body',
    valid: () => ({ date: '2026-12-24', reason: 'Nochebuena' }),
    dates: ['date'],
    required: ['date'],
    tables: ['date_exceptions'],
  },
  'PATCH /api/admin/settings': {
    method: 'PATCH',
    url: () => '/api/admin/settings',
    admin: true,
    in: 'body',
    valid: () => ({ name: 'Casa Mesa', openingTime: '12:00', dailyReportTime: '09:00' }),
    times: ['openingTime', 'closingTime', 'dailyReportTime'],
    tables: ['restaurant_config'],
  },
  'PATCH /api/admin/notification-settings': {
    method: 'PATCH',
    url: () => '/api/admin/notification-settings',
    admin: true,
    in: 'body',
    valid: () => ({ emailNotificationsEnabled: true }),
    tables: ['notification_settings'],
  },
  'PATCH /api/admin/operating-hours/:day': {
    method: 'PATCH',
    url: () => '/api/admin/operating-hours/3',
    admin: true,
    in: 'body',
    valid: () => ({ openTime: '13:00', closeTime: '23:00' }),
    times: ['openTime', 'closeTime', 'breakStartTime', 'breakEndTime'],
    tables: ['operating_hours'],
  },
  'POST /api/admin/monday-exceptions': {
    method: 'POST',
    url: () => '/api/admin/monday-exceptions',
    admin: true,
    in: 'body',
    valid: () => ({ date: NEXT_MONDAY, reason: 'Puente' }),
    dates: ['date'],
    required: ['date'],
    tables: ['monday_exceptions'],
  },
  'POST /api/admin/time-blocks': {
    method: 'POST',
    url: () => '/api/admin/time-blocks',
    admin: true,
    in: 'body',
    valid: () => ({ date: TOMORROW, startTime: '20:00', endTime: '21:00', reason: 'Evento' }),
    dates: ['date'],
    times: ['startTime', 'endTime'],
    required: ['date', 'startTime', 'endTime'],
    tables: ['time_blocks'],
  },
  'POST /api/admin/tables': {
    method: 'POST',
    url: () => '/api/admin/tables',
    admin: true,
    in: 'body',
    valid: () => ({ name: 'Terraza', seats: 4, shape: 'square' }),
    tables: ['tables'],
  },
  'PATCH /api/admin/tables/:id': {
    method: 'PATCH',
    url: () => `/api/admin/tables/${tableId}`,
    admin: true,
    in: 'body',
    valid: () => ({ name: 'Ventana', seats: 2, rotation: 90, positionX: 10, positionY: 20 }),
    tables: ['tables'],
  },
  'POST /api/admin/push/subscription': {
    method: 'POST',
    url: () => '/api/admin/push/subscription',
    admin: true,
    in: 'body',
    valid: () => ({
      endpoint: `https://push.example/${randomUUID()}`,
      keys: { p256dh: p256Key(), auth: randomBytes(16).toString('base64url') },
    }),
    required: ['endpoint', 'keys'],
    tables: ['push_subscriptions'],
  },
  'GET /api/admin/security/login-attempts': {
    method: 'GET',
    url: () => '/api/admin/security/login-attempts',
    admin: true,
    in: 'query',
    valid: () => ({ limit: '20' }),
    tables: [],
  },
};

/** The query string a client would send for these values (arrays as repeated keys). */
function toQuery(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function send(endpoint: Endpoint, payload: unknown): Promise<LightMyRequestResponse> {
  const inBody = endpoint.in === 'body';
  return app().request({
    method: endpoint.method,
    url: endpoint.url() + (inBody ? '' : toQuery(payload as Record<string, unknown>)),
    remoteAddress: freshAddress(),
    cookie: endpoint.admin ? owner() : undefined,
    ...(inBody ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) } : {}),
  });
}

async function tableState(tables: string[]): Promise<string[]> {
  const states: string[] = [];
  for (const table of tables) {
    const result = (await db().execute(
      sql.raw(`select coalesce(json_agg(row_to_json(t)::text order by row_to_json(t)::text), '[]')::text as rows from public."${table}" t`),
    )) as unknown as { rows: Array<{ rows: string }> };
    states.push(result.rows[0]!.rows);
  }
  return states;
}

function expectSpanishError(response: LightMyRequestResponse, label: string): void {
  const error = response.json().error;
  const texts = [error?.message, ...Object.values((error?.fields ?? {}) as Record<string, unknown>)];
  for (const text of texts) {
    expect(typeof text, `${label}: ${response.body}`).toBe('string');
    expect((text as string).trim().length, `${label}: ${response.body}`).toBeGreaterThan(0);
    expect(text, `${label}: ${response.body}`).not.toMatch(ENGLISH_DEFAULT);
  }
}

/** Sends one payload and checks the invariants: no 5xx, a Spanish refusal, and a refusal changes nothing. */
async function probe(endpoint: Endpoint, label: string, payload: unknown, mustReject: boolean): Promise<void> {
  const before = await tableState(endpoint.tables);
  const response = await send(endpoint, payload);
  const shown = `${label} ${JSON.stringify(payload)?.slice(0, 300)} → ${response.statusCode}`;
  expect(response.statusCode, `${shown} ${response.body}`).toBeLessThan(500);
  if (mustReject) expect(response.statusCode, `${shown} ${response.body}`).toBeGreaterThanOrEqual(400);
  if (response.statusCode < 400) return;
  expectSpanishError(response, shown);
  if (!endpoint.writesOn?.includes(response.statusCode)) expect(await tableState(endpoint.tables), shown).toEqual(before);
}

interface Case {
  payload: unknown;
  mustReject: boolean;
}

function casesFor(endpoint: Endpoint): fc.Arbitrary<Case> {
  const valid = endpoint.valid();
  const fields = Object.keys(valid);
  const replace = (names: string[] | undefined, values: readonly string[]) =>
    names?.length
      ? [fc.tuple(fc.constantFrom(...names), fc.constantFrom(...values)).map(([field, value]) => ({ payload: { ...endpoint.valid(), [field]: value }, mustReject: true }))]
      : [];
  const options: Array<fc.Arbitrary<Case>> = [
    fieldMutation(fields).map((mutation) => ({ payload: applyMutation(endpoint.valid(), mutation), mustReject: false })),
    ...replace(endpoint.dates, IMPOSSIBLE_DATES),
    ...replace(endpoint.times, IMPOSSIBLE_TIMES),
    ...(endpoint.required?.length
      ? [fc.constantFrom(...endpoint.required).map((field) => ({ payload: applyMutation(endpoint.valid(), { field, value: MISSING }), mustReject: true }))]
      : []),
  ];
  if (endpoint.in === 'body') {
    options.push(notAnObject().map((payload) => ({ payload, mustReject: true })));
    options.push(
      fc.dictionary(fc.string({ maxLength: 10 }), hostileString(), { maxKeys: 5 }).map((payload) => ({ payload, mustReject: false })),
    );
  }
  return fc.oneof(...options);
}

/** The rows every test reads: a manual booking, a table, a guest's pending request. */
async function setUp(): Promise<void> {
  await configure(db(), { adminEmail: 'sala@example.com' });
  // Emails stay queued: a delivery in the background would change email_outbox under the comparisons below.
  await app().instance.outbox.stop();
  await app().instance.push.stop();
  const created = await app().request({
    method: 'POST',
    url: '/api/admin/reservations',
    cookie: owner(),
    payload: { ...ENDPOINTS['POST /api/admin/reservations']!.valid(), customerName: 'Reserva Base' },
  });
  expect(created.statusCode, created.body).toBe(201);
  reservationId = created.json().id;
  const table = await app().request({ method: 'POST', url: '/api/admin/tables', cookie: owner(), payload: { name: 'Base' } });
  expect(table.statusCode, table.body).toBe(201);
  tableId = table.json().id;
  pendingId = await publicRequest({ customerName: "O'Brien" });
}

async function publicRequest(overrides: Record<string, unknown>): Promise<string> {
  const body = { ...ENDPOINTS['POST /api/public/reservations']!.valid(), ...overrides };
  const response = await app().request({ method: 'POST', url: '/api/public/reservations', remoteAddress: freshAddress(), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return body.id as string;
}

describe('generated hostile input at every endpoint that takes input', () => {
  it.each(Object.keys(ENDPOINTS))('%s answers 4xx in Spanish or accepts, never 5xx, and a refusal stores nothing', async (label) => {
    const endpoint = ENDPOINTS[label]!;
    // The valid payload itself must pass, or every refusal below would prove nothing.
    const accepted = await send(endpoint, endpoint.valid());
    if (endpoint.validStatus) expect(accepted.statusCode, `${label} valid → ${accepted.body}`).toBe(endpoint.validStatus);
    else expect(accepted.statusCode, `${label} valid → ${accepted.body}`).toBeLessThan(300);
    await fc.assert(
      fc.asyncProperty(casesFor(endpoint), ({ payload, mustReject }) => probe(endpoint, label, payload, mustReject)),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});

/** Routes whose path carries a value, with the table a refusal must leave alone. */
const PARAM_ROUTES: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'; template: string; body?: unknown; tables: string[] }> = [
  { method: 'GET', template: '/api/admin/guests/:value', tables: [] },
  { method: 'PUT', template: '/api/admin/guests/:value/note', body: { note: 'Sin gluten' }, tables: ['guests'] },
  { method: 'GET', template: '/api/public/guest-reservations/:value', tables: [] },
  { method: 'GET', template: '/api/public/guest-reservations/:value/availability?date=2026-12-01', tables: [] },
  { method: 'POST', template: '/api/public/guest-reservations/:value/cancel', tables: ['reservations'] },
  { method: 'GET', template: '/api/auth/reset/:value', tables: [] },
  { method: 'PATCH', template: '/api/admin/reservations/:value/status', body: { status: 'confirmed' }, tables: ['reservations'] },
  { method: 'PATCH', template: '/api/admin/reservations/:value/arrival', body: { arrivalStatus: 'arrived', revision: 0 }, tables: ['reservations'] },
  { method: 'DELETE', template: '/api/admin/blocked-days/:value', tables: ['date_exceptions'] },
  { method: 'PATCH', template: '/api/admin/operating-hours/:value', body: { openTime: '13:00' }, tables: ['operating_hours'] },
  { method: 'DELETE', template: '/api/admin/monday-exceptions/:value', tables: ['monday_exceptions'] },
  { method: 'DELETE', template: '/api/admin/time-blocks/:value', tables: ['time_blocks'] },
  { method: 'DELETE', template: '/api/admin/tables/:value', tables: ['tables'] },
  { method: 'DELETE', template: '/api/admin/security/lockouts/:value', tables: ['account_lockouts'] },
];

describe('generated hostile path parameters', () => {
  it.each(PARAM_ROUTES.map((route) => [`${route.method} ${route.template}`, route] as const))('%s', async (label, route) => {
    const value = fc.oneof(
      hostileString().filter((text) => text.length > 0 && text.length < 2_000 && !/\p{Cs}/u.test(text)),
      fc.constantFrom(...IMPOSSIBLE_DATES, '7', '-1', '1e3', '0x2', '00000000-0000-0000-0000-00000000000g'),
    );
    await fc.assert(
      fc.asyncProperty(value, async (text) => {
        const before = await tableState(route.tables);
        const response = await app().request({
          method: route.method,
          url: route.template.replace(':value', encodeURIComponent(text)),
          cookie: route.template.startsWith('/api/admin/') ? owner() : undefined,
          remoteAddress: freshAddress(),
          ...(route.body ? { payload: route.body as Record<string, unknown> } : {}),
        });
        const shown = `${label} ${JSON.stringify(text).slice(0, 200)} → ${response.statusCode} ${response.body}`;
        expect(response.statusCode, shown).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expectSpanishError(response, shown);
          expect(await tableState(route.tables), shown).toEqual(before);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  it('refuses impossible dates in a path with 400', async () => {
    for (const date of ['2026-02-30', '2026-13-01', '2026-11-31']) {
      const response = await app().request({ method: 'DELETE', url: `/api/admin/blocked-days/${date}`, cookie: owner() });
      expect(response.statusCode, date).toBe(400);
      expectSpanishError(response, date);
    }
  });
});

const BODY_ENDPOINTS = Object.entries(ENDPOINTS).filter(([, endpoint]) => endpoint.in === 'body');

describe('the long-value list of tests/api/long-inputs.test.ts', () => {
  it.each(BODY_ENDPOINTS)('covers %s and each of its text fields', (label, endpoint) => {
    const texts = Object.entries(endpoint.valid()).flatMap(([field, value]) => (typeof value === 'string' ? [field] : []));
    if (texts.length === 0) return;
    expect(LONG_INPUT_TARGETS[label]?.texts, label).toEqual(expect.arrayContaining(texts));
  });
});

describe('raw bodies', () => {
  const raw = (endpoint: Endpoint, payload: string | Buffer, contentType?: string) =>
    app().request({
      method: endpoint.method,
      url: endpoint.url(),
      remoteAddress: freshAddress(),
      cookie: endpoint.admin ? owner() : undefined,
      headers: contentType ? { 'content-type': contentType } : {},
      payload,
    });

  // text/plain is parsed as a string by Fastify and then refused by the schema (400); other types get 415.
  const CASES: Array<{ name: string; payload: () => string | Buffer; contentType?: string; status: number }> = [
    { name: 'invalid JSON', payload: () => '{"customerName": ', contentType: 'application/json', status: 400 },
    { name: 'a trailing comma', payload: () => '{"a": 1,}', contentType: 'application/json', status: 400 },
    { name: 'an empty JSON body', payload: () => '', contentType: 'application/json', status: 400 },
    { name: 'JSON null', payload: () => 'null', contentType: 'application/json', status: 400 },
    { name: 'a prototype-poisoning key', payload: () => '{"__proto__": {"isAdmin": true}}', contentType: 'application/json', status: 400 },
    { name: 'a number too large for JSON', payload: () => '{"numberOfPeople": 1e400, "seats": 1e400}', contentType: 'application/json', status: 400 },
    { name: 'a raw NUL byte', payload: () => Buffer.from('{"name": "a\u0000b"}'), contentType: 'application/json', status: 400 },
    { name: 'an escaped NUL', payload: () => '{"name": "a\\u0000b", "customerName": "a\\u0000b", "email": "\\u0000"}', contentType: 'application/json', status: 400 },
    { name: 'a text/plain body', payload: () => 'name=x', contentType: 'text/plain', status: 400 },
    { name: 'a form body', payload: () => 'name=x&seats=2', contentType: 'application/x-www-form-urlencoded', status: 415 },
    { name: 'XML', payload: () => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', contentType: 'application/xml', status: 415 },
    { name: 'a 1 MB body', payload: () => JSON.stringify({ name: 'x'.repeat(1024 * 1024) }), contentType: 'application/json', status: 413 },
    { name: 'deeply nested JSON', payload: () => `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: 'application/json', status: 400 },
  ];

  it.each(BODY_ENDPOINTS)('%s refuses malformed, mistyped, oversized and NUL-carrying bodies', async (label, endpoint) => {
    for (const { name, payload, contentType, status } of CASES) {
      const before = await tableState(endpoint.tables);
      const response = await raw(endpoint, payload(), contentType);
      const shown = `${label} with ${name} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, shown).toBe(status);
      expectSpanishError(response, shown);
      if (!endpoint.writesOn?.includes(response.statusCode)) expect(await tableState(endpoint.tables), shown).toEqual(before);
    }
  });

  it('names the problem in the Spanish texts of the catalogue', async () => {
    const endpoint = ENDPOINTS['POST /api/public/reservations']!;
    expect((await raw(endpoint, '{', 'application/json')).json().error.message).toBe(messages.http.invalidJson);
    expect((await raw(endpoint, 'x', 'application/xml')).json().error.message).toBe(messages.http.unsupportedMediaType);
    expect((await raw(endpoint, 'x'.repeat(300 * 1024), 'application/json')).json().error.message).toBe(messages.http.tooLarge);
  });
});

describe('the logo upload', () => {
  const upload = (payload: Buffer | string, contentType: string) =>
    app().request({ method: 'PUT', url: '/api/admin/settings/logo', cookie: owner(), headers: { 'content-type': contentType }, payload });

  it('refuses bodies that are not an image of an allowed type and size, in Spanish, storing nothing', async () => {
    const cases: Array<[string, Buffer | string, string]> = [
      ['JSON', JSON.stringify({ logo: 'x' }), 'application/json'],
      ['text', 'not an image', 'text/plain'],
      ['SVG with script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
      ['an oversized PNG', Buffer.alloc(LOGO_MAX_BYTES + 1, 0x89), 'image/png'],
      ['an empty PNG', Buffer.alloc(0), 'image/png'],
    ];
    for (const [name, payload, contentType] of cases) {
      const before = await tableState(['restaurant_logo', 'restaurant_config']);
      const response = await upload(payload, contentType);
      expect(response.statusCode, `${name} → ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${name} → ${response.body}`).toBeLessThan(500);
      expectSpanishError(response, name);
      expect(await tableState(['restaurant_logo', 'restaurant_config']), name).toEqual(before);
    }
  });
});

async function historyItem(id: string, date: string) {
  const response = await app().request({ method: 'GET', url: `/api/admin/reservations/history?from=${date}&to=${date}`, cookie: owner() });
  expect(response.statusCode, response.body).toBe(200);
  const item = response.json().items.find((row: { id: string }) => row.id === id);
  expect(item, `reservation ${id} in the history`).toBeDefined();
  return adminReservationSchema.parse(item);
}

describe('hostile but valid values are kept as text', () => {
  const MARKUP_NAME = '<img src=x onerror=alert(1)>';
  const SQL_NAME = "Robert'); DROP TABLE reservations;--";

  it.each([MARKUP_NAME, SQL_NAME, '🍷 Ñandú «Pérez» & Cía', '{{name}} ${name}'])(
    'a manual reservation named %s comes back exactly through the admin list',
    async (name) => {
      const notes = `${MARKUP_NAME} ${SQL_NAME} \u202eevil`;
      const response = await app().request({
        method: 'POST',
        url: '/api/admin/reservations',
        cookie: owner(),
        payload: { ...ENDPOINTS['POST /api/admin/reservations']!.valid(), customerName: name, notes, reservationDate: '2026-12-02' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const item = await historyItem(response.json().id, '2026-12-02');
      expect(item.customerName).toBe(name);
      expect(item.adminNotes).toBe(notes);
    },
  );

  it('a public request with SQL in its name and note comes back exactly', async () => {
    const customerName = "O'Brien -- Robert' OR 'a";
    const specialRequirement = "'); DROP TABLE reservations;-- & \"quotes\" 🍷";
    const id = await publicRequest({ customerName, specialRequirement });
    const item = await historyItem(id, TOMORROW);
    expect(item.customerName).toBe(customerName);
    expect(item.adminNotes).toBe(`[Cliente] ${specialRequirement}`);
  });

  it('escapes a hostile cancellation reason and restaurant name in the HTML of the guest email', async () => {
    const restaurantName = '<b>Casa</b> <img src=x onerror=alert(1)>';
    const named = await app().request({ method: 'PATCH', url: '/api/admin/settings', cookie: owner(), payload: { name: restaurantName } });
    expect(named.statusCode, named.body).toBe(200);
    await app().request({ method: 'PATCH', url: '/api/admin/notification-settings', cookie: owner(), payload: { emailNotificationsEnabled: true } });
    const id = await publicRequest({ customerName: "D'Artagnan" });
    const reason = '<script>alert("motivo")</script> & "comillas"';
    const cancelled = await app().request({
      method: 'PATCH',
      url: `/api/admin/reservations/${id}/status`,
      cookie: owner(),
      payload: { status: 'cancelled', reason },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().cancellationReason).toBe(reason);
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, id));
    const cancellation = emails.find((email) => email.textBody.includes('<script>alert("motivo")</script>'));
    expect(cancellation, 'a guest email that quotes the reason').toBeDefined();
    for (const email of emails) {
      const html = email.htmlBody ?? '';
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<b>Casa</b>');
      expect(email.subject).not.toMatch(/[\r\n]/);
    }
    expect(cancellation!.htmlBody ?? '').toContain('&lt;script&gt;');
  });

  it('covers every hostile fragment in the catalogue as an admin note', async () => {
    for (const fragment of HOSTILE_FRAGMENTS) {
      const response = await app().request({
        method: 'PATCH',
        url: `/api/admin/reservations/${reservationId}/arrival`,
        cookie: owner(),
        payload: { arrivalStatus: 'delayed', adminNotes: fragment, revision: await revisionOf(db(), reservationId) },
      });
      const label = JSON.stringify(fragment);
      expect(response.statusCode, `${label} → ${response.body}`).toBeLessThan(500);
      if (response.statusCode >= 400) {
        expectSpanishError(response, label);
        continue;
      }
      // An empty note leaves the previous one in place; any other is stored as sent, trimmed.
      if (fragment.trim() !== '') expect(response.json().adminNotes, label).toBe(fragment.trim());
    }
  });
});
