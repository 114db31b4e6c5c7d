import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@shared/limits.ts';
import { messages } from '@shared/messages.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { restaurantLogo } from '../../src/server/db/schema.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { configure } from '../support/factories.ts';

// Two valid 1×1 PNGs (an RGBA and a greyscale one) and the first bytes of a JPEG and of a WebP.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const OTHER_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);

const v = settingsMessages.validation;
const { app, db, owner: admin } = useApiSuite();
afterEach(async () => {
  await db().delete(restaurantLogo);
  await configure(db(), { logoUrl: null });
});

const upload = (body: Buffer | string, contentType: string, cookie: string | undefined = admin()) =>
  app().request({
    method: 'PUT',
    url: '/api/admin/settings/logo',
    payload: body,
    headers: { 'content-type': contentType },
    ...(cookie ? { cookie } : {}),
  });
const fetchLogo = (url: string) => app().request({ method: 'GET', url });
const logoUrlOf = (data: Buffer) => `/api/public/logo/${createHash('sha256').update(data).digest('hex').slice(0, 16)}`;

function expectError(response: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect((response.json() as { error: { message: string } }).error.message).toBe(message);
}

describe('logo upload', () => {
  it('stores a PNG, answers the settings with its URL, and serves the same bytes for good', async () => {
    const response = await upload(PNG, 'image/png');
    expect(response.statusCode).toBe(200);
    const url = logoUrlOf(PNG);
    expect(response.json()).toMatchObject({ logoUrl: url, name: 'Mi Restaurante' });

    const admins = await app().request({ method: 'GET', url: '/api/admin/settings', cookie: admin() });
    expect(admins.json()).toMatchObject({ logoUrl: url });
    const publicSettings = await app().request({ method: 'GET', url: '/api/public/settings' });
    expect(publicSettings.json()).toMatchObject({ logoUrl: url });

    const image = await fetchLogo(url);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts JPEG and WebP, and a type with parameters', async () => {
    expect((await upload(JPEG, 'image/jpeg')).statusCode).toBe(200);
    expect((await fetchLogo(logoUrlOf(JPEG))).headers['content-type']).toBe('image/jpeg');
    expect((await upload(WEBP, 'image/webp')).statusCode).toBe(200);
    expect((await fetchLogo(logoUrlOf(WEBP))).headers['content-type']).toBe('image/webp');
    expect((await upload(PNG, 'image/png; charset=binary')).statusCode).toBe(200);
  });

  it('replacing it changes the URL, and the old one is gone', async () => {
    await upload(PNG, 'image/png');
    const replaced = await upload(OTHER_PNG, 'image/png');
    expect(replaced.json()).toMatchObject({ logoUrl: logoUrlOf(OTHER_PNG) });
    expect(logoUrlOf(OTHER_PNG)).not.toBe(logoUrlOf(PNG));
    expectError(await fetchLogo(logoUrlOf(PNG)), 404, messages.http.notFound);
    expect((await fetchLogo(logoUrlOf(OTHER_PNG))).rawPayload.equals(OTHER_PNG)).toBe(true);
  });

  it('accepts exactly the size limit and refuses one byte more, in Spanish', async () => {
    const atLimit = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(LOGO_MAX_BYTES - 8)]);
    expect((await upload(atLimit, 'image/png')).statusCode).toBe(200);
    const tooLarge = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(LOGO_MAX_BYTES - 7)]);
    expectError(await upload(tooLarge, 'image/png'), 413, v.logoTooLarge);
    const muchTooLarge = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(3 * LOGO_MAX_BYTES)]);
    expectError(await upload(muchTooLarge, 'image/png'), 413, v.logoTooLarge);
  });

  it('refuses other types with 415, SVG included', async () => {
    expectError(await upload('hola', 'text/plain'), 415, v.logoType);
    expectError(await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'), 415, v.logoType);
    expectError(await upload('{"a":1}', 'application/json'), 415, v.logoType);
    expectError(await upload(PNG, 'image/gif'), 415, v.logoType);
    expect((await db().select().from(restaurantLogo)).length).toBe(0);
  });

  it('refuses bytes that are not the declared image with 400', async () => {
    expectError(await upload(JPEG, 'image/png'), 400, v.logoType);
    expectError(await upload(PNG, 'image/webp'), 400, v.logoType);
    expectError(await upload(Buffer.from('<svg></svg>'), 'image/jpeg'), 400, v.logoType);
    expectError(await upload(Buffer.alloc(0), 'image/png'), 400, v.logoType);
    const settings = await app().request({ method: 'GET', url: '/api/public/settings' });
    expect(settings.json()).toMatchObject({ logoUrl: null });
  });

  it('DELETE clears it and the image is gone', async () => {
    await upload(PNG, 'image/png');
    const response = await app().request({ method: 'DELETE', url: '/api/admin/settings/logo', cookie: admin() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ logoUrl: null });
    expectError(await fetchLogo(logoUrlOf(PNG)), 404, messages.http.notFound);
    expect((await app().request({ method: 'GET', url: '/api/public/settings' })).json()).toMatchObject({ logoUrl: null });
  });

  it('is for signed-in admins only', async () => {
    expectError(await upload(PNG, 'image/png', ''), 401, messages.http.unauthorized);
    expectError(await app().request({ method: 'DELETE', url: '/api/admin/settings/logo' }), 401, messages.http.unauthorized);
    expect((await db().select().from(restaurantLogo)).length).toBe(0);
  });

  it('refuses a malformed hash with 400 and an unknown one with 404', async () => {
    for (const hash of ['xyz', 'ABCDEF0123456789', '0123456789abcdef0', '0123456789abcde', '..%2F..%2Fetc']) {
      const response = await fetchLogo(`/api/public/logo/${hash}`);
      expect(response.statusCode, hash).toBe(400);
      expect((response.json() as { error: { message: string } }).error.message).toBe(messages.http.badRequest);
    }
    expectError(await fetchLogo('/api/public/logo/0123456789abcdef'), 404, messages.http.notFound);
  });
});
