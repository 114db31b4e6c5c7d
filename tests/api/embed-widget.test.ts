// Starts its own apps: two configs (with and without EMBED_ORIGINS), and a start-up that must fail on a bad value.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import type { EmbedInfo } from '@shared/schemas/settings.ts';
import { builtIndexRoot } from '../support/built-index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { configure } from '../support/factories.ts';

// Issue 25, decision 028: /reservar may be framed by Mesa itself and the EMBED_ORIGINS sites; nothing else may be.
const ORIGINS = 'https://www.casa-pepe.example, https://*.grupo-pepe.example HTTP://LOCALHOST:5173 https://[::1]:8443 https://café-pepe.example';
const ALLOWED = [
  'https://www.casa-pepe.example',
  'https://*.grupo-pepe.example',
  'http://localhost:5173',
  'https://[::1]:8443',
  'https://xn--caf-pepe-d1a.example',
];
const HOSTILE_NAME = 'Casa <Pepe> & "hijos"';

let webRoot: string;
let withOrigins: TestApp;
let withoutOrigins: TestApp;
beforeAll(async () => {
  webRoot = builtIndexRoot();
  copyFileSync('public/embed.js', join(webRoot, 'embed.js'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1);');
  withOrigins = await createTestApp({ webRoot, env: { EMBED_ORIGINS: ORIGINS } });
  withoutOrigins = await createTestApp({ webRoot });
  await configure(withOrigins.instance.database.db, { name: HOSTILE_NAME });
});
afterAll(async () => {
  await withOrigins.close();
  await withoutOrigins.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The values of one CSP directive. */
function directive(policy: unknown, name: string): string[] | undefined {
  const part = String(policy).split(';').map((p) => p.trim().split(/\s+/)).find(([first]) => first === name);
  return part?.slice(1);
}

const get = (app: TestApp, url: string) => app.request({ method: 'GET', url });

describe('the booking widget page, /reservar', () => {
  it('may be framed by Mesa and the EMBED_ORIGINS sites, with no X-Frame-Options', async () => {
    const response = await get(withOrigins, '/reservar');
    expect(response.statusCode).toBe(200);
    expect(directive(response.headers['content-security-policy'], 'frame-ancestors')).toEqual(["'self'", ...ALLOWED]);
    expect(directive(response.headers['content-security-policy'], 'script-src')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect((await get(withOrigins, '/reservar?utm_source=web')).headers['x-frame-options']).toBeUndefined();
  });

  it('has the same directives as every other page: the origins add none', async () => {
    const names = (policy: unknown) => String(policy).split(';').map((part) => part.trim().split(/\s+/)[0]);
    const widget = (await get(withOrigins, '/reservar')).headers['content-security-policy'];
    expect(names(widget)).toEqual(names((await get(withOrigins, '/')).headers['content-security-policy']));
    expect(String(widget)).not.toMatch(/unsafe|script-src [^;]*https/);
  });

  it.each(['https://www.restaurante.example;script-src', "https://a.example'unsafe-inline'"])(
    'stops start-up naming EMBED_ORIGINS=%s',
    async (value) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mesa-embed-'));
      try {
        const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
          env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', EMBED_ORIGINS: value },
          timeout: 30_000,
        });
        await expect(run).rejects.toMatchObject({
          code: 1,
          stderr: `Invalid environment variable EMBED_ORIGINS: ${JSON.stringify(value)} is not an origin: write scheme and host (and port), no path, e.g. https://www.example.com or https://*.example.com\n`,
        });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    40_000,
  );

  it("is framed by Mesa's own pages only when EMBED_ORIGINS is empty", async () => {
    const response = await get(withoutOrigins, '/reservar');
    expect(directive(response.headers['content-security-policy'], 'frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it.each(['/', '/admin', '/auth', '/reservar/otra', '/reserva/' + 'x'.repeat(43), '/embed.js', '/assets/index-abc123.js', '/api/public/settings', '/healthz'])(
    'leaves %s unframeable',
    async (url) => {
      const response = await get(withOrigins, url);
      expect(directive(response.headers['content-security-policy'], 'frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    },
  );

  it('is rendered by the server: the form, under a heading naming the restaurant (escaped), inert until hydrated', async () => {
    const { body } = await get(withOrigins, '/reservar');
    const title = formatMessage(messages.widget.title, { name: 'Casa &lt;Pepe&gt; &amp; &quot;hijos&quot;' });
    expect(body).toContain(`<title>${title}</title>`);
    expect(body).toContain(`<h1 class="sr-only">${title}</h1>`);
    expect(body).toContain(`>${messages.reservation.form.title}</h2>`);
    expect(body).toContain(`>${messages.reservation.form.submit}</button>`);
    expect(body).toMatch(/<div id="root" inert data-rendered-at="\d+" data-language="es" data-query-state="/);
    expect(body).not.toContain(messages.cookies.title);
    expect(body).not.toContain('<header');
    // The CSP allows no style attribute: the brand colour travels as data for main.tsx to set.
    expect(body).not.toContain(' style="');
    expect(body).toContain('data-server-style="--brand:');
  });
});

describe('/embed.js', () => {
  it('is served as JavaScript, cached for an hour, whichever encoding is asked for', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await withOrigins.request({ method: 'GET', url: '/embed.js', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript\b/);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await get(withOrigins, '/embed.js')).body).toContain("'/reservar'");
  });
});

describe('GET /api/admin/settings/embed', () => {
  it('gives the snippet and Google addresses from PUBLIC_URL and the allowed sites', async () => {
    const response = await withOrigins.request({ method: 'GET', url: '/api/admin/settings/embed', cookie: await withOrigins.signIn() });
    expect(response.statusCode).toBe(200);
    expect(response.json<EmbedInfo>()).toEqual({
      bookingUrl: 'http://localhost:3000/?utm_source=google',
      scriptUrl: 'http://localhost:3000/embed.js',
      embedOrigins: ALLOWED,
      embedOriginsFromServer: true,
    });
  });

  it('is for the owner and the managers, not the floor staff', async () => {
    const floor = await withOrigins.signIn({ roles: ['floor'] });
    expect((await withOrigins.request({ method: 'GET', url: '/api/admin/settings/embed', cookie: floor })).statusCode).toBe(403);
    const manager = await withOrigins.signIn({ roles: ['manager'] });
    expect((await withOrigins.request({ method: 'GET', url: '/api/admin/settings/embed', cookie: manager })).statusCode).toBe(200);
  });
});
