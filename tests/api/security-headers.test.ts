import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { type Instance, startInstance } from '../../src/server/instance.ts';
import { STYLE_HASHES_PATH, styleHashSource } from '../../src/server/platform/style-hashes.ts';
import { splitStyleNonce } from '../support/built-index.ts';
import { testConfig } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// Off useApiSuite: real listening servers started as production starts them, each from its own environment variables
// (plain, behind a proxy, https) and web root: the headers are the start-up's.

const EMAIL = 'cabeceras@example.com';
const PASSWORD = 'pimientos-de-padron-asados-4';
const HTTPS_ORIGIN = 'https://mesa.example';
/** As the build lists the stylesheet sonner inserts (decision 058). */
const STYLE_HASH = styleHashSource('[data-sonner-toaster]{position:fixed}');

let database: TestDatabase;
let workDir: string;
let webRoot: string;
const instances: Instance[] = [];

/** A real listening server (not inject), configured by environment variables as in production. */
async function serve(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(workDir, 'data-'));
  const instance = await startInstance({
    config: testConfig(dataDir, env),
    database: database.handle,
    webRoot,
    listen: true,
    scheduler: false,
  });
  instances.push(instance);
  return instance.url;
}

let plain: string;
let behindProxy: string;
let https: string;
beforeAll(async () => {
  database = await createTestDatabase();
  await upsertAdmin(database.handle.db, EMAIL, PASSWORD);
  workDir = mkdtempSync(join(tmpdir(), 'mesa-headers-'));
  webRoot = join(workDir, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><head></head><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  mkdirSync(join(webRoot, '.vite'));
  writeFileSync(join(webRoot, STYLE_HASHES_PATH), JSON.stringify([STYLE_HASH]));
  writeFileSync(join(webRoot, 'assets', 'app.js'), 'console.log(1);');
  plain = await serve({});
  behindProxy = await serve({ TRUST_PROXY: 'true' });
  https = await serve({ PUBLIC_URL: HTTPS_ORIGIN });
});
afterAll(async () => {
  for (const instance of instances) await instance.stop();
  await database.destroy();
  rmSync(workDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name, values);
  }
  return parsed;
}

const PAGES = [
  { path: '/', kind: 'the web client' },
  { path: '/assets/app.js', kind: 'a static asset' },
  { path: '/healthz', kind: 'the health check' },
  { path: '/api/public/settings', kind: 'a public API answer' },
  { path: '/api/public/nothing', kind: 'an API 404' },
  { path: '/api/admin/settings', kind: 'a refused admin call' },
];

describe('security headers of a real server', () => {
  it.each(PAGES)('sends the strict policy and the other headers on $kind', async ({ path }) => {
    const response = await fetch(`${plain}${path}`);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // PUBLIC_URL is http and no proxy is trusted: HSTS over plain http would be ignored or, worse, lock users out.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('serves a web client whose page has no inline script for the policy to allow', () => {
    const page = readFileSync('src/web/index.html', 'utf8');
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(page).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const response = await fetch(`${plain}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS behind a trusted proxy that terminated https, and not for its plain http requests', async () => {
    const forwarded = await fetch(`${behindProxy}/api/public/settings`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forwarded.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const direct = await fetch(`${behindProxy}/api/public/settings`);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS on every answer when PUBLIC_URL is https', async () => {
    for (const { path } of PAGES) {
      const response = await fetch(`${https}${path}`);
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

describe('style-src of a real server', () => {
  const styleSrc = (response: Response) => directives(response.headers.get('content-security-policy')).get('style-src');

  it.each([
    { path: '/', status: 200 },
    { path: '/admin', status: 200 },
    { path: '/reservar', status: 200 },
    { path: '/no-existe', status: 404 },
    { path: '/index.html', status: 404 },
  ])('gives the page $path a fresh nonce in each answer, in its policy and in the page', async ({ path, status }) => {
    const nonces = [];
    for (const response of await Promise.all([fetch(`${plain}${path}`), fetch(`${plain}${path}`)])) {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const { nonce } = splitStyleNonce(await response.text());
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      expect(styleSrc(response)).toEqual(["'self'", `'nonce-${nonce}'`, STYLE_HASH]);
      expect(response.headers.get('cache-control')).toMatch(/^no-(?:cache|store)$/);
      expect(response.headers.get('etag')).toBeNull();
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('keeps the widget page framable by its sites beside its nonce', async () => {
    const response = await fetch(`${plain}/reservar`);
    expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')?.[0]).toBe("'self'");
    expect(response.headers.get('x-frame-options')).toBeNull();
  });

  it.each(PAGES.filter(({ path }) => path !== '/'))('allows no inline style on $kind', async ({ path }) => {
    const response = await fetch(`${plain}${path}`);
    expect(styleSrc(response)).toEqual(["'self'"]);
    expect(await response.text()).not.toContain('nonce');
  });
});

describe('session cookie of a real server', () => {
  const signIn = (base: string, origin: string) =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
  const attributes = (line: string) => line.split(';').map((part) => part.trim().toLowerCase());

  it('is HttpOnly, SameSite=Lax and host-wide over http', async () => {
    const response = await signIn(plain, plain);
    expect(response.status).toBe(200);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^mesa_session=[\w-]{20,};/);
    expect(attributes(cookie!)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes(cookie!)).not.toContain('secure');
  });

  it('is also Secure and __Host- prefixed when PUBLIC_URL is https', async () => {
    const response = await signIn(https, HTTPS_ORIGIN);
    expect(response.status).toBe(200);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-mesa_session=[\w-]{20,};/);
    expect(attributes(cookie!)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'secure']));
    expect(attributes(cookie!).some((part) => part.startsWith('domain='))).toBe(false);
  });

  it('refuses a sign-in posted from another site before it sets any cookie', async () => {
    const response = await signIn(plain, 'https://evil.example');
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
