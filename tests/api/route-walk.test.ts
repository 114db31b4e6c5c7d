import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import { mayUse, STAFF_ROLES, type StaffRole } from '@shared/rules/permissions.ts';
import { sessions, userRoles } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { hashSessionId, SESSION_IDLE_MS } from '../../src/server/platform/sessions.ts';
import { matrixAllows, ROLE_MATRIX } from '../support/role-matrix.ts';
import { plausibleUrl, routeTable } from '../support/route-table.ts';
import { TEST_ORIGIN } from '../support/test-app.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

// The server's own route table: every Fastify instance this file creates reports each route it registers.
vi.mock('fastify', async (importOriginal) => (await import('../support/route-table.ts')).withRouteTable(await importOriginal()));

/**
 * Everything outside /api/admin that anyone may call. A new route must be added here on purpose (and then be
 * anonymous by design) or live under /api/admin, where the guard covers it.
 */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/:file',
  'GET /api/public/settings',
  'GET /api/public/availability',
  'GET /api/public/availability/month',
  'GET /api/public/calendar',
  'GET /api/public/logo/:hash',
  'POST /api/public/reservations',
  'GET /api/public/booking-challenge',
  'POST /api/public/cookie-consent',
  'GET /api/public/guest-reservations/:token',
  'GET /api/public/guest-reservations/:token/availability',
  'GET /api/public/guest-reservations/:token/calendar.ics',
  'POST /api/public/guest-reservations/:token/cancel',
  'POST /api/public/guest-reservations/:token/change-request',
  'POST /api/public/guest-reservations/:token/data-export',
  'POST /api/public/guest-reservations/:token/data-erasure',
  'GET /api/public/data-erasure/:token',
  'POST /api/public/data-erasure/:token',
  'GET /api/public/feedback/:token',
  'POST /api/public/feedback/:token',
  'POST /api/public/waitlist',
  'GET /api/public/waitlist-entries/:token',
  'POST /api/public/waitlist-entries/:token/leave',
  'GET /api/public/waitlist-offers/:token',
  'POST /api/public/waitlist-offers/:token/accept',
  'POST /api/public/waitlist-entries/:token/accept',
  'GET /api/public/card-guarantees/:id',
  'POST /api/public/card-guarantees/:id/checkout',
  'POST /api/public/card-guarantees/:id/cancel',
  'GET /api/public/card-guarantee-links/:token',
  'POST /api/public/card-guarantee-links/:token/checkout',
  'GET /api/public/no-show-charges/:token',
  'POST /api/public/no-show-charges/:token',
  'GET /api/public/no-show-charge-payments/:sessionId',
  'POST /api/public/payments/stripe/webhook',
  'GET /api/public/messaging/whatsapp/webhook',
  'POST /api/public/messaging/whatsapp/webhook',
  'POST /api/public/messaging/twilio/webhook',
  'GET /api/auth/session',
  'POST /api/auth/login',
  'POST /api/auth/login/code',
  'POST /api/auth/login/passkey/options',
  'POST /api/auth/login/passkey',
  'POST /api/auth/logout',
  'POST /api/auth/admin-access',
  'POST /api/auth/recovery',
  'GET /api/auth/reset/:token',
  'POST /api/auth/reset',
  'GET /api/auth/setup',
  'POST /api/auth/setup',
  'GET /api/auth/invitations/:token',
  'POST /api/auth/invitations/accept',
]);

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const STREAMING = new Set(['GET /api/admin/events']);

interface Route {
  method: string;
  path: string;
  url: string;
  label: string;
}

const clock = new ManualClock(new Date());
// listen: the change stream (SSE) never ends, so its case needs a real HTTP request that can be aborted.
const { app } = useApiSuite({ owner: false, clock, listen: true });
let routes: Route[];
beforeAll(async () => {
  routes = routeTable().map(({ method, path }) => ({
    method,
    path,
    label: `${method} ${path}`,
    url: plausibleUrl(path),
  }));
});

const adminRoutes = () => routes.filter((route) => route.path.startsWith('/api/admin/'));


function call(route: Route, options: { cookie?: string; origin?: string | null } = {}): Promise<LightMyRequestResponse> {
  const { cookie, origin = TEST_ORIGIN } = options;
  return app().instance.app.inject({
    method: route.method as 'GET',
    url: route.url,
    remoteAddress: freshAddress(),
    headers: { ...(origin ? { origin } : {}), ...(cookie ? { cookie } : {}) },
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });
}

function expectError(response: LightMyRequestResponse, label: string, status: number, message: string) {
  expect(response.statusCode, `${label} → ${response.body}`).toBe(status);
  expect(response.json().error.message, label).toBe(message);
}

describe('the route table', () => {
  it('is read from the server as it registers routes, and knows the admin and public ones', () => {
    const labels = routes.map((route) => route.label);
    for (const known of ['GET /api/admin/events', 'PATCH /api/admin/reservations/:id/status', 'POST /api/public/reservations']) {
      expect(labels).toContain(known);
    }
    for (const route of routes) expect(app().instance.app.hasRoute({ method: route.method as 'GET', url: route.path }), route.label).toBe(true);
  });

  it('has every route either under /api/admin or in the public allow-list', () => {
    const unclassified = routes
      .filter((route) => !route.path.startsWith('/api/admin/') && !route.path.startsWith('/api/v1/') && !PUBLIC_ROUTES.has(route.label))
      // The web client's static files and SPA fallback (only registered when a build is served).
      .filter((route) => route.path.startsWith('/api/') || route.path === '/healthz');
    expect(unclassified.map((route) => route.label)).toEqual([]);
    // An allow-listed route that no longer exists is a stale entry: remove it, so the list stays the truth.
    const stale = [...PUBLIC_ROUTES].filter((label) => !routes.some((route) => route.label === label));
    expect(stale).toEqual([]);
  });
});

describe('every /api/admin route', () => {
  let staff: string;
  let admin: string;
  beforeAll(async () => {
    staff = await app().signIn({ roles: [] });
    admin = await app().signIn();
  });

  it('answers 401 to an anonymous caller and 403 to a signed-in non-admin', async () => {
    expect(adminRoutes().length).toBeGreaterThan(20);
    for (const route of adminRoutes()) {
      expectError(await call(route), route.label, 401, messages.http.unauthorized);
      const nonAdmin = await call(route, { cookie: staff });
      expectError(nonAdmin, route.label, 403, 'Permisos insuficientes: Se requieren permisos de administrador');
    }
  });

  // Issue 20: the walk once per role. What a role may use comes from shared/rules/permissions.ts; a route it may
  // not use answers 403 with the role's message, before any validation.
  for (const role of STAFF_ROLES) {
    it(`lets the ${role} role through exactly where it may go`, async () => {
      const cookie = await app().signIn({ roles: [role] });
      for (const route of adminRoutes()) {
        if (STREAMING.has(route.label)) continue;
        const response = await call(route, { cookie });
        if (mayUse(role, route.method, route.path.slice('/api/admin'.length))) {
          expect([401, 403], `${role}: ${route.label} → ${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
          expect(response.statusCode, `${role}: ${route.label} → ${response.body}`).toBeLessThan(500);
        } else {
          expectError(response, `${role}: ${route.label}`, 403, messages.permissions.role);
        }
      }
    });
  }

  it('keeps the issue\'s matrix: the owner alone has Seguridad and backups; Sala has the service day, not the set-up', () => {
    const may = (role: StaffRole, label: string) => mayUse(role, label.split(' ')[0]!, label.split(' ')[1]!);
    for (const label of ['GET /security/summary', 'GET /backups', 'DELETE /security/lockouts/:email', 'GET /team', 'POST /team/invitations', 'POST /team/members/:id/deactivate']) {
      expect([may('admin', label), may('manager', label), may('floor', label)], label).toEqual([true, false, false]);
    }
    for (const label of ['GET /settings', 'PATCH /operating-hours/:day', 'GET /statistics', 'GET /reservations/export.csv', 'POST /tables', 'PATCH /tables/:id', 'DELETE /tables/:id', 'PATCH /notification-settings']) {
      expect([may('manager', label), may('floor', label)], label).toEqual([true, false]);
    }
    for (const label of ['GET /reservations/today', 'PATCH /reservations/:id/status', 'POST /reservations/undo', 'PUT /reservations/:id/tables', 'PUT /guests/:id/note', 'POST /push/subscription']) {
      expect(may('floor', label), label).toBe(true);
    }
  });

  // Issue 41: the matrix written out route by route in tests/support/role-matrix.ts, against the server's answers.
  /** 'GET /api/admin/settings' as the matrix names it: 'GET /settings'. */
  const matrixLabel = (route: { label: string }) => route.label.replace(/^(\w+) \/api\/admin/, '$1 ');

  it('has the written role matrix name every /api/admin route and nothing else', () => {
    const labels = [...new Set(adminRoutes().map(matrixLabel))].sort();
    expect(Object.keys(ROLE_MATRIX).sort()).toEqual(labels);
  });

  for (const role of ['manager', 'floor'] as const) {
    it(`walks every /api/admin route as ${role} against the written role matrix`, async () => {
      const cookie = await app().signIn({ roles: [role] });
      for (const route of adminRoutes()) {
        if (STREAMING.has(route.label)) continue;
        const label = matrixLabel(route);
        const response = await call(route, { cookie });
        if (matrixAllows(role, label)) {
          expect([401, 403], `${role}: ${label} → ${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
          expect(response.statusCode, `${role}: ${label} → ${response.body}`).toBeLessThan(500);
        } else {
          expectError(response, `${role}: ${label}`, 403, messages.permissions.role);
        }
      }
    });
  }

  it('opens the change stream for an admin only, over real HTTP', async () => {
    const url = `${app().instance.url}/api/admin/events`;
    const open = async (cookie?: string) => {
      const controller = new AbortController();
      try {
        const response = await fetch(url, { headers: cookie ? { cookie } : {}, signal: controller.signal });
        return { status: response.status, type: response.headers.get('content-type') };
      } finally {
        controller.abort();
      }
    };
    expect((await open()).status).toBe(401);
    expect((await open(staff)).status).toBe(403);
    const opened = await open(admin);
    expect(opened.status).toBe(200);
    expect(opened.type).toMatch(/^text\/event-stream/);
  });
});

describe('every /api/v1 route', () => {
  it('answers 401 to a caller without an API key, a staff session included (decision 049)', async () => {
    const v1Routes = routes.filter((route) => route.path.startsWith('/api/v1/'));
    expect(v1Routes.length).toBeGreaterThan(5);
    const admin = await app().signIn();
    for (const route of v1Routes) {
      for (const cookie of [undefined, admin]) {
        const response = await call(route, { cookie });
        expect([response.statusCode, response.json().error.code], `${route.label} ${cookie ? 'with a session' : 'anonymous'}`).toEqual([401, 'unauthenticated']);
      }
    }
  });
});

describe('sessions that are no longer valid', () => {
  const cookieValue = (cookie: string) => cookie.split('=')[1]!;
  const sessionHash = (cookie: string) => hashSessionId(app().instance.sessionSecret, cookieValue(cookie));

  it('refuses a revoked session on every admin route', async () => {
    const cookie = await app().signIn();
    const logout = await app().request({ method: 'POST', url: '/api/auth/logout', cookie, remoteAddress: freshAddress() });
    expect(logout.statusCode).toBe(204);
    for (const route of adminRoutes()) expectError(await call(route, { cookie }), route.label, 401, messages.http.unauthorized);
  });

  it('refuses an expired or a forged session on every admin route', async () => {
    const expired = await app().signIn();
    clock.advance(SESSION_IDLE_MS + 1_000);
    const fresh = await app().signIn();
    const forged = `mesa_session=${randomUUID()}`;
    for (const route of adminRoutes()) {
      expectError(await call(route, { cookie: expired }), route.label, 401, messages.http.unauthorized);
      expectError(await call(route, { cookie: forged }), route.label, 401, messages.http.unauthorized);
    }
    const sample = adminRoutes().find((route) => route.label === 'GET /api/admin/security/summary')!;
    expect((await call(sample, { cookie: fresh })).statusCode).toBe(200);
  });

  it('answers 403 to a live session whose user lost the admin role', async () => {
    const cookie = await app().signIn();
    const [row] = await app().instance.database.db.select().from(sessions).where(eq(sessions.idHash, sessionHash(cookie)));
    await app().instance.database.db.delete(userRoles).where(eq(userRoles.userId, row!.userId));
    const sample = adminRoutes().find((route) => route.label === 'GET /api/admin/security/summary')!;
    expectError(await call(sample, { cookie }), sample.label, 403, messages.permissions.insufficient);
  });
});

/** Providers' webhooks: no browser sends them, their signature is their proof (card-guarantee-holds.test.ts). */
const SIGNED_WEBHOOKS = new Set([
  'POST /api/public/payments/stripe/webhook',
  'POST /api/public/messaging/whatsapp/webhook',
  'POST /api/public/messaging/twilio/webhook',
]);

describe('CSRF on every mutating route', () => {
  it('refuses a write without Origin or Referer, and one from another site, before anything else', async () => {
    const admin = await app().signIn();
    // /api/v1 reads no cookie, only a Bearer API key a browser never attaches on its own: no CSRF case (decision 049).
    const mutating = routes.filter(
      (route) => MUTATING.has(route.method) && route.path.startsWith('/api/') && !route.path.startsWith('/api/v1/') && !SIGNED_WEBHOOKS.has(route.label),
    );
    expect(mutating.length).toBeGreaterThan(10);
    for (const route of mutating) {
      for (const origin of [null, 'https://evil.example', 'null', `${TEST_ORIGIN}.evil.example`]) {
        const response = await call(route, { cookie: admin, origin });
        expect(response.statusCode, `${route.label} from ${origin}`).toBe(403);
        expect(response.json().error).toMatchObject({ code: 'csrf', message: messages.http.csrf });
      }
    }
  });
});

describe('rate limits', () => {
  it('answers the 31st reservation request from one IP within 10 minutes with 429 and a Spanish message', async () => {
    const ip = freshAddress();
    const send = () =>
      app().request({ method: 'POST', url: '/api/public/reservations', remoteAddress: ip, payload: { customerName: 'x' } });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode, `request ${i + 1}`).toBe(400);
    expectError(await send(), 'POST /api/public/reservations', 429, messages.http.rateLimited);
    const other = await app().request({ method: 'POST', url: '/api/public/reservations', remoteAddress: freshAddress(), payload: {} });
    expect(other.statusCode).toBe(400);
  });

  it('answers the 21st reset-link check from one IP within 15 minutes with 429', async () => {
    const ip = freshAddress();
    const check = () => app().request({ method: 'GET', url: `/api/auth/reset/${'y'.repeat(43)}`, remoteAddress: ip });
    for (let i = 0; i < 20; i++) expect((await check()).statusCode, `request ${i + 1}`).toBe(410);
    expectError(await check(), 'GET /api/auth/reset/:token', 429, loginMessages.tooManyRequests);
  });
});
