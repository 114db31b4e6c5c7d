import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminIndexHtml, negotiateEncoding } from '../../src/server/pages/web-assets.ts';
import { pageLoaderHtml } from '../../src/server/pages/page-prerender.ts';
import { writeCompressed } from '../../vite.config.ts';
import { madridToday } from '../../src/shared/rules/madrid-time.ts';
import { insertReservations } from '../support/factories.ts';
import { pagePolicy, splitStyleNonce } from '../support/built-index.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Big and repetitive enough that both compressions are worth writing.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'mesa ${i}' }`).join(', ')}];\n`;
const PAGE = `<!doctype html><html lang="es"><head><title>Mesa</title><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<p>Reserva tu mesa.</p>'.repeat(50)}<div id="root"></div></body></html>`;

// What the build's manifest says /admin needs besides the page's own script.
const MANIFEST = {
  'main.tsx': { file: 'assets/app-abc123.js', isEntry: true, dynamicImports: ['pages/admin-page.tsx'] },
  'pages/admin-page.tsx': { file: 'assets/admin-page-abc123.js' },
  'features/today/today-tab.tsx': { file: 'assets/today-tab-abc123.js' },
};
const ADMIN_LINKS =
  '<link rel="modulepreload" crossorigin href="/assets/admin-page-abc123.js"><link rel="modulepreload" crossorigin href="/assets/today-tab-abc123.js">';

let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'mesa-compression-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), PAGE);
  writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(webRoot, 'assets', 'tiny-abc123.js'), 'x');
  // The build's own step (vite.config.ts, precompress) writes the .br and .gz copies.
  await writeCompressed(join(webRoot, 'index.html'));
  await writeCompressed(join(webRoot, 'assets', 'app-abc123.js'));
  await writeCompressed(join(webRoot, 'assets', 'tiny-abc123.js'));
  mkdirSync(join(webRoot, '.vite'));
  writeFileSync(join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
// After the web root is written (its hooks come first), closed before it is removed.
const { app, db, owner } = useApiSuite(() => ({ webRoot }));

const get = (url: string, acceptEncoding?: string) =>
  app().request({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const encoding = response.headers['content-encoding'];
  const body = response.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('compressed static assets', () => {
  it.each([
    { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
    { accept: 'gzip', encoding: 'gzip' },
    { accept: 'br;q=0.5, gzip', encoding: 'gzip' },
    { accept: 'identity', encoding: undefined },
    { accept: undefined, encoding: undefined },
  ])('answers Accept-Encoding $accept with $encoding', async ({ accept, encoding }) => {
    const response = await get('/assets/app-abc123.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(response)).toBe(SCRIPT);
    if (encoding) expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
  });

  it('sends a file whose compressed copy would be bigger as it is', async () => {
    const response = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('x');
  });
});

describe('compressed web client page', () => {
  it.each([
    { path: '/', accept: 'gzip, deflate, br', encoding: 'br', status: 200 },
    { path: '/admin', accept: 'gzip', encoding: 'gzip', status: 200 },
    { path: '/no-existe', accept: 'br', encoding: 'br', status: 404 },
    { path: '/', accept: undefined, encoding: undefined, status: 200 },
  ])('serves $path for Accept-Encoding $accept as $encoding', async ({ path, accept, encoding, status }) => {
    const response = await get(path, accept);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    const { html, nonce } = splitStyleNonce(decoded(response));
    expect(response.headers['content-security-policy']).toBe(pagePolicy(nonce));
    // '/' fills in its title, its schema.org block and its first screen; the rest is the page as built.
    const shellParts = /<title>.*<\/title>|<script type="application\/ld\+json">.*?<\/script>|<div id="root".*<\/div>/g;
    if (path === '/') expect(html.replace(shellParts, '')).toBe(PAGE.replace(shellParts, ''));
    else expect(html).toBe(path === '/admin' ? adminIndexHtml(PAGE, ADMIN_LINKS, await pageLoaderHtml()) : PAGE);
  });
});

it("does not serve the build's manifest", async () => {
  expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
});

describe('negotiateEncoding', () => {
  it.each([
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['gzip;q=1.0, br;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['deflate', null],
    ['identity', null],
    ['gzip;q=0', null],
    ['', null],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('treats a missing header as no compression', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('compressed API answers', () => {
  it('sends a JSON answer over 1 KB in the encoding the client accepts, and a small one as it is', async () => {
    const cookie = owner();
    const today = madridToday(new Date());
    await insertReservations(db(), Array.from({ length: 12 }, () => ({ reservationDate: today, reservationTime: '21:00' })));
    const todayList = (accept?: string) =>
      app().request({ method: 'GET', url: '/api/admin/reservations/today', cookie, headers: accept ? { 'accept-encoding': accept } : {} });
    const plain = await todayList();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const response = await todayList(accept);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(response))).toEqual(JSON.parse(plain.body));
    }
    const small = await app().request({ method: 'GET', url: '/api/auth/session', cookie, headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
