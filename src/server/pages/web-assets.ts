import { existsSync, readFileSync } from 'node:fs';
import type { Language } from '@shared/i18n/languages.ts';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOKING_WIDGET_PATH, BUILD_ID_META, BUILD_ID_PATH, CSP_NONCE_META, isClientRoute } from '@shared/routes.ts';
import { apiNotFound } from '../platform/errors.ts';
import { escapeHtml } from '../platform/html.ts';
import { allowPageStyles } from '../platform/http-security.ts';
import { readStyleSources } from '../platform/style-hashes.ts';
import { adminPreloadLinks, MANIFEST_PATH, readManifest } from './web-manifest.ts';

/** public/embed.js, which other sites load under its fixed name (decision 028): cached a while, as it is not hashed. */
const EMBED_SCRIPT = /^[\\/]embed\.js(?:\.(?:br|gz))?$/;
const EMBED_SCRIPT_CACHE = 'public, max-age=3600';

/** The file types the build writes .br and .gz copies of (vite.config.ts, precompress). */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest)(?:\.(?:br|gz))?$/;

type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none (identity). The client's
 * q-values decide; on a tie brotli wins, and `*` stands for any encoding not listed by name.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const qualityOf = (encoding: ContentEncoding) => quality.get(encoding) ?? quality.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce((a, b) => (qualityOf(b) > qualityOf(a) ? b : a));
  return qualityOf(best) > 0 ? best : null;
}

/** A page's first screen as the server renders it (page-prerender.ts): the landing's, /reservar's, /admin's. Every value escaped. */
export interface PageShell {
  /** The page's <title> text, not yet escaped; null keeps index.html's. */
  title: string | null;
  /** Attributes for `<div id="root">`, escaped, each with its leading space. */
  rootAttributes: string;
  /** The HTML inside `<div id="root">`, escaped. */
  rootHtml: string;
  /** Markup for the end of <head> (the landing's JSON-LD data block), escaped. */
  headHtml?: string;
  /** The page's language, for <html lang> (a guest page's: issue 26); index.html's 'es' when absent. */
  language?: Language;
}

const TITLE = /<title>[^<]*<\/title>/;
const HTML_LANG = /<html lang="[a-z]{2}">/;
const EMPTY_ROOT = '<div id="root"></div>';

/** index.html with a page's shell filled in; the template unchanged when it lacks the title or the empty root. */
export function fillIndexHtml(template: string, shell: PageShell): string {
  if (!TITLE.test(template) || !template.includes(EMPTY_ROOT)) return template;
  const { title } = shell;
  return template
    .replace(HTML_LANG, (original) => (shell.language ? `<html lang="${shell.language}">` : original))
    .replace(TITLE, (original) => (title === null ? original : `<title>${escapeHtml(title)}</title>`))
    .replace('</head>', () => `${shell.headHtml ?? ''}</head>`)
    .replace(EMPTY_ROOT, () => `<div id="root"${shell.rootAttributes}>${shell.rootHtml}</div>`);
}

/** The build's id, from the meta tag vite.config.ts writes into index.html (decision 033); null without one. */
export const buildIdOf = (html: string): string | null =>
  new RegExp(`<meta name="${BUILD_ID_META}" content="([\\w-]+)"`).exec(html)?.[1] ?? null;

/**
 * index.html for /admin when the server does not render it (decision 024): its chunks announced in the head, and the
 * router's loading spinner (`loaderHtml`, React's own render of it) already in the page.
 */
export function adminIndexHtml(template: string, preloadLinks: string, loaderHtml: string): string {
  return template.replace('</head>', () => `${preloadLinks}</head>`).replace(EMPTY_ROOT, () => `<div id="root">${loaderHtml}</div>`);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `html` with the page's style nonce at the start of its head, where lib/style-nonce.ts reads it (decision 058). */
function withStyleNonce(html: string, nonce: string): string {
  return html.replace(/<head>/, (head) => `${head}<meta property="${CSP_NONCE_META}" nonce="${nonce}">`);
}

/**
 * A page as sent: each carries its own nonce (decision 058), so every one is compressed when sent, at a fast brotli or
 * gzip level (a few KB: about a millisecond).
 */
function compressPerRequest(html: string, encoding: ContentEncoding | null): Promise<Buffer> | Buffer {
  const identity = Buffer.from(html, 'utf8');
  if (encoding === 'br') return brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipAsync(identity, { level: 6 });
  return identity;
}

/**
 * `styleHashes`: the build's inline stylesheets (style-hashes.ts). `cache`: 'no-store' for a page holding a signed-in
 * person's data; otherwise 'no-cache' without a validator, so that a cache revalidating it gets a new nonce.
 */
async function sendPage(
  reply: FastifyReply,
  status: number,
  encoding: ContentEncoding | null,
  page: { html: string; styleHashes: readonly string[] },
  cache = 'no-cache',
) {
  const body = await compressPerRequest(withStyleNonce(page.html, allowPageStyles(reply, page.styleHashes)), encoding);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply
    .status(status)
    .header('Cache-Control', cache)
    .header('Vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8')
    .send(body);
}

/**
 * A page with its server-built first screen filled in (GET /: the landing shell; GET /admin, /reservar: the prerender); null
 * when there is none or it cannot be built (the database unreachable, say): the client then renders the page as it
 * always could.
 */
async function serverPage(template: string, loadShell: () => Promise<PageShell | null>, request: FastifyRequest): Promise<string | null> {
  try {
    const shell = await loadShell();
    return shell && fillIndexHtml(template, shell);
  } catch (error) {
    request.log.warn({ err: error }, 'page not rendered by the server: plain index.html sent');
    return null;
  }
}

/** /admin on its default tab (Reservas), the one screen the server renders (decision 024). */
function isAdminFirstScreen(request: FastifyRequest, pathname: string): boolean {
  if (pathname !== '/admin') return false;
  const tab = new URLSearchParams(request.url.slice(pathname.length)).get('tab');
  return tab === null || tab === 'reservas';
}

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated. Text files go out as
 * the build's .br or .gz copy when the browser accepts one (`preCompressed`).
 */
export async function registerWebAssets(
  app: FastifyInstance,
  webRoot: string | null,
  shells: {
    /** The landing and /reservar (the booking form alone for other sites' frames: decision 028), rendered for anyone. */
    guest?: (request: FastifyRequest) => Promise<PageShell | null>;
    /** The staff page the request asks for, rendered for the person signed in; null without a staff session. */
    staff?: (request: FastifyRequest) => Promise<PageShell | null>;
    /** The loading spinner's HTML, /admin's first paint when it is not rendered. */
    pageLoader?: () => Promise<string>;
  } = {},
): Promise<void> {
  const indexPath = webRoot ? join(webRoot, 'index.html') : null;
  const template = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  const adminLinks = webRoot && template ? adminPreloadLinks(readManifest(webRoot), template) : '';
  let adminHtml: Promise<string> | undefined;
  // Rendered once, on the first /admin without a first screen; tried again after a failure.
  const adminPage = (page: string, loader: () => Promise<string>) => {
    adminHtml ??= loader().then((html) => adminIndexHtml(page, adminLinks, html));
    return adminHtml.catch(() => ((adminHtml = undefined), page));
  };
  const styleHashes = webRoot ? readStyleSources(webRoot) : [];
  if (webRoot && template) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // index.html only as a page with its nonce, from the handler below.
      allowedPath: (pathname) => !pathname.startsWith(`/${MANIFEST_PATH.split('/')[0]}/`) && !pathname.startsWith('/index.html'),
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(webRoot, 'assets'));
        const embedScript = EMBED_SCRIPT.test(path.slice(webRoot.length));
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : embedScript ? EMBED_SCRIPT_CACHE : 'no-cache');
        if (COMPRESSIBLE.test(path)) reply.header('Vary', 'Accept-Encoding');
      },
    });
  }

  const build = template && buildIdOf(template);
  if (build) app.get(BUILD_ID_PATH, (_request, reply) => reply.header('Cache-Control', 'no-store').send({ build }));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !template || request.method !== 'GET') {
      return reply.status(404).send(apiNotFound(request.id));
    }
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const { guest, staff, pageLoader } = shells;
    const page = (html: string) => ({ html, styleHashes });
    const isGuestPage = pathname === '/' || pathname === BOOKING_WIDGET_PATH;
    const guestHtml = isGuestPage && guest ? await serverPage(template, () => guest(request), request) : null;
    if (guestHtml !== null) return sendPage(reply, 200, encoding, page(guestHtml));
    // Without the chunks' preload links: with the first screen in the HTML they would only compete with it.
    const staffHtml = staff && isAdminFirstScreen(request, pathname) ? await serverPage(template, () => staff(request), request) : null;
    if (staffHtml !== null) return sendPage(reply, 200, encoding, page(staffHtml), 'no-store');
    // The client renders the page (or its 404 screen); unknown paths also get a real 404 status.
    const html = pathname === '/admin' && pageLoader ? await adminPage(template, pageLoader) : template;
    return sendPage(reply, isClientRoute(pathname) ? 200 : 404, encoding, page(html));
  });
}
