import { describe, expect, it } from 'vitest';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { messages } from '@shared/messages.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { MESA_VERSION } from '../../src/server/version.ts';

const { app } = useApiSuite();

describe('health', () => {
  it('answers 200 with the database kind while the database answers', async () => {
    const response = await app().request({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: app().database.kind, version: MESA_VERSION });
  });
});

describe('errors', () => {
  it('answers an unknown /api route with a Spanish 404 JSON body and a request id', async () => {
    const response = await app().request({ method: 'GET', url: '/api/public/nothing-here' });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body.error.message).toBe(messages.http.notFound);
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers malformed JSON with 400 and a Spanish message, never 500', async () => {
    const response = await app().request({
      method: 'POST',
      url: '/api/public/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.message).toMatch(/[a-záéíóúñ]/i);
  });

  it('sends the strict Content-Security-Policy and no-sniff on every answer', async () => {
    const response = await app().request({ method: 'GET', url: '/api/public/settings' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('seeded settings', () => {
  it('serves the public settings with the Spanish defaults of the spec', async () => {
    const response = await app().request({ method: 'GET', url: '/api/public/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Mi Restaurante',
      welcomeMessage: 'Bienvenido a nuestro restaurante',
      openingTime: '13:00',
      closingTime: '18:00',
      cancellationPolicy: 'Las reservas pueden cancelarse hasta 2 horas antes de la hora programada.',
      logoUrl: null,
    });
    expect(restaurantConfigDefaults.name).toBe('Mi Restaurante');
  });
});

describe('CSRF protection', () => {
  it('refuses a cross-site write with 403 and a Spanish message', async () => {
    const cookie = await app().signIn();
    const response = await app().request({
      method: 'POST',
      url: '/api/admin/anything',
      cookie,
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'csrf', message: messages.http.csrf });
  });

  it('refuses a write that carries neither Origin nor Referer', async () => {
    const response = await app().instance.app.inject({ method: 'POST', url: '/api/public/settings', payload: {} });
    expect(response.statusCode).toBe(403);
  });
});

describe('admin guard', () => {
  it('answers 401 without a session, 403 for a non-admin, and lets an admin in', async () => {
    const anonymous = await app().request({ method: 'GET', url: '/api/admin/unknown' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(messages.http.unauthorized);

    const staffCookie = await app().signIn({ roles: [] });
    const staff = await app().request({ method: 'GET', url: '/api/admin/unknown', cookie: staffCookie });
    expect(staff.statusCode).toBe(403);

    const adminCookie = await app().signIn();
    const admin = await app().request({ method: 'GET', url: '/api/admin/unknown', cookie: adminCookie });
    expect(admin.statusCode).toBe(404);
  });

  it('refuses a forged session id', async () => {
    const response = await app().request({ method: 'GET', url: '/api/admin/unknown', cookie: 'mesa_session=forged' });
    expect(response.statusCode).toBe(401);
  });
});
