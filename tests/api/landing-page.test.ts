import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { guestEmailTranslations, guestTextTranslations } from '@shared/i18n/translations/index.ts';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { messages } from '@shared/messages.ts';
import { adminIndexHtml, registerWebAssets } from '../../src/server/pages/web-assets.ts';
import { pageLoaderHtml } from '../../src/server/pages/page-prerender.ts';
import { BUILT_INDEX_HTML, builtIndexRoot, pagePolicy, splitStyleNonce } from '../support/built-index.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { configure } from '../support/factories.ts';

const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const HOSTILE_WELCOME = 'Tapas & "vinos" </p><script>alert(2)</script>';
const HOSTILE_LOGO = '/logo.png" onload="alert(3)';

const { app, db, clock } = useApiSuite({
  at: '2026-11-24T10:00:00Z',
  owner: false,
  builtIndex: true,
  afterStart: (started) => configure(started.instance.database.db, { name: HOSTILE_NAME, welcomeMessage: HOSTILE_WELCOME, logoUrl: HOSTILE_LOGO }),
});

async function page(url: string, acceptEncoding?: string) {
  const response = await app().request({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  const encoding = response.headers['content-encoding'];
  const body =
    encoding === 'br' ? brotliDecompressSync(response.rawPayload) : encoding === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
  return { response, ...splitStyleNonce(body.toString('utf8')) };
}

/** #root's attributes: the time, language and query cache the page was rendered with, read back as a browser would. */
function rootOf(html: string): { renderedAt: number; language: string; data: unknown[] } {
  const root = /<div id="root" inert data-rendered-at="(\d+)" data-language="(\w+)" data-query-state="([^"]*)">/.exec(html);
  if (!root) throw new Error('#root holds no server-rendered page');
  const decoded = root[3]!.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, entity: string) =>
    ({ lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", amp: '&' })[entity]!,
  );
  const { queries } = JSON.parse(decoded) as { queries: Array<{ state: { data: unknown } }> };
  return { renderedAt: Number(root[1]), language: root[2]!, data: queries.map((query) => query.state.data) };
}

describe('GET / rendered by the server (decision 060)', () => {
  it('fills #root with the first screen, every configured value escaped', async () => {
    const { response, html } = await page('/');
    expect(response.statusCode).toBe(200);
    expect(html).toContain('<title>&lt;img src=x onerror=alert(1)&gt;</title>');
    expect(html).toContain('<p class="text-xl font-semibold">&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html).toContain(
      '<p class="text-lg text-muted-foreground">Tapas &amp; &quot;vinos&quot; &lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;</p>',
    );
    expect(html).toContain('<img src="/logo.png&quot; onload=&quot;alert(3)" alt=""');
    expect(html).toContain(`<h1 class="text-3xl font-bold tracking-tight">${messages.landing.welcomeHeading}</h1>`);
    expect(html).toContain(messages.reservation.form.title);
    // The banner opens once hydrated, when no choice is stored: the server cannot know (decision 060).
    expect(html).not.toContain(messages.cookies.title);
    // Nothing configured reaches the page unescaped: no element, no attribute, no script.
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('onload="alert');
    // The app's module script, and the schema.org data block that browsers never run.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html.match(/<script type="application\/ld\+json">[^<]*<\/script><\/head>/g)).toHaveLength(1);
    expect(html.match(/\sstyle=/g)).toBeNull();
  });

  it('carries the settings and the calendar it was rendered from, for the browser to hydrate it with', async () => {
    const { html } = await page('/');
    const root = rootOf(html);
    expect(root.language).toBe('es');
    expect(root.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: HOSTILE_NAME, welcomeMessage: HOSTILE_WELCOME, logoUrl: HOSTILE_LOGO }),
        expect.objectContaining({ today: '2026-11-24', reservationsPaused: false }),
      ]),
    );
  });

  it('is rendered once per settings revision and language, and follows any change on the next request', async () => {
    const firstPage = rootOf((await page('/')).html);
    const first = firstPage.renderedAt;
    clock.advance(60_000);
    // Unchanged: the same render, kept, with the answers of this request (a form token of its own).
    const again = rootOf((await page('/')).html);
    expect(again.renderedAt).toBe(first);
    const formToken = (root: typeof again) => root.data.map((data) => (data as { formToken?: string }).formToken).find(Boolean);
    expect(formToken(again)).toMatch(/\./);
    expect(formToken(again)).not.toBe(formToken(firstPage));
    expect(rootOf((await page('/?lang=en')).html).renderedAt).not.toBe(first);
    await configure(db(), { name: 'Casa Lola' });
    try {
      const { html } = await page('/');
      expect(html).toContain('<title>Casa Lola</title>');
      expect(rootOf(html).renderedAt).not.toBe(first);
    } finally {
      await configure(db(), { name: HOSTILE_NAME });
    }
    expect((await page('/')).html).toContain('<title>&lt;img src=x onerror=alert(1)&gt;</title>');
  });

  it('moves on to the new day at midnight in Madrid', async () => {
    const before = rootOf((await page('/')).html);
    clock.set(new Date('2026-11-24T23:30:00Z'));
    const after = rootOf((await page('/')).html);
    expect(after.renderedAt).not.toBe(before.renderedAt);
    expect(after.data).toEqual(expect.arrayContaining([expect.objectContaining({ today: '2026-11-25' })]));
  });

  it.each([
    { accept: 'gzip, deflate, br', encoding: 'br' },
    { accept: 'gzip', encoding: 'gzip' },
    { accept: undefined, encoding: undefined },
  ])('is compressed per request for Accept-Encoding $accept, with the same CSP', async ({ accept, encoding }) => {
    const { response, html, nonce } = await page('/?utm_source=x', accept);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(pagePolicy(nonce));
    expect(rootOf(html).language).toBe('es');
  });
});

describe("the landing page in the guest's language (issue 26)", () => {
  const en = guestTextTranslations.en;

  it('is in the language ?lang names, with <html lang> and the switcher showing it', async () => {
    const { html } = await page('/?lang=en');
    expect(html).toContain('<html lang="en">');
    expect(rootOf(html).language).toBe('en');
    expect(html).toContain(`>${en.landing.welcomeHeading}</h1>`);
    expect(html).toContain(en.landing.footer.configureCookies);
    expect(html).toContain('<option value="en" lang="en" selected="">English</option>');
    expect(html).not.toContain(messages.landing.welcomeHeading);
  });

  it("follows Accept-Language without ?lang, and an unknown ?lang means Spanish whatever the browser says", async () => {
    const catalan = await app().request({ method: 'GET', url: '/', headers: { 'accept-language': 'ca-ES,ca;q=0.9' } });
    expect(catalan.body).toContain('<html lang="ca">');
    expect(catalan.body).toContain(guestTextTranslations.ca.landing.welcomeHeading);
    const unknown = await app().request({ method: 'GET', url: '/?lang=xx', headers: { 'accept-language': 'de' } });
    expect(unknown.body).toContain('<html lang="es">');
    expect(unknown.body).toContain(messages.landing.welcomeHeading);
  });

  it("shows staff's own English welcome, else their Spanish one marked as such (issue 50, item 6), else the shipped translation of the default", async () => {
    const note = guestTextTranslations.en.common.writtenInSpanish;
    const { html: spanishOnly } = await page('/?lang=en');
    expect(spanishOnly).toContain(
      `<p lang="es" class="text-lg text-muted-foreground">Tapas &amp; &quot;vinos&quot; &lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;</p><p class="text-sm text-muted-foreground">${note}</p>`,
    );
    expect(spanishOnly).not.toContain(guestEmailTranslations.en.templates.welcomeMessage);
    await configure(db(), { templateTranslations: { en: { welcomeMessage: 'Welcome & enjoy' } } });
    try {
      const { html: translated } = await page('/?lang=en');
      expect(translated).toContain('Welcome &amp; enjoy');
      expect(translated).not.toContain(note);
      await configure(db(), { welcomeMessage: restaurantConfigDefaults.welcomeMessage, templateTranslations: {} });
      const { html: shipped } = await page('/?lang=en');
      expect(shipped).toContain(guestEmailTranslations.en.templates.welcomeMessage);
      expect(shipped).not.toContain(note);
    } finally {
      await configure(db(), { welcomeMessage: HOSTILE_WELCOME, templateTranslations: {} });
    }
  });
});

describe('other pages', () => {
  it('/admin holds its loading spinner, so the first paint does not wait for the scripts', async () => {
    const { response, html, nonce } = await page('/admin', 'br');
    expect(html).toBe(adminIndexHtml(BUILT_INDEX_HTML, '', await pageLoaderHtml()));
    expect(html).toMatch(/<div id="root"><div class="[^"]*"><span role="status"[^>]*>.*<span class="sr-only">Cargando\.\.\.<\/span><\/span><\/div><\/div>/);
    expect(response.headers['content-security-policy']).toBe(pagePolicy(nonce));
  });

  it.each(['/auth', '/reserva/abc', '/no-existe'])('%s keeps the plain shell', async (url) => {
    const { response, html, nonce } = await page(url, 'br');
    expect(html).toBe(BUILT_INDEX_HTML);
    expect(html).not.toContain('onerror');
    expect(response.headers['content-security-policy']).toBe(pagePolicy(nonce));
  });
});

describe('when the page cannot be rendered', () => {
  it('sends the plain index.html, which the client renders as before', async () => {
    const bare = Fastify({ logger: false });
    const webRoot = builtIndexRoot();
    await registerWebAssets(bare, webRoot, { guest: () => Promise.reject(new Error('database unreachable')) });
    try {
      const response = await bare.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(splitStyleNonce(response.body).html).toBe(BUILT_INDEX_HTML);
    } finally {
      await bare.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
