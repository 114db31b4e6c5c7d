import { AsyncLocalStorage } from 'node:async_hooks';
import { pageLanguage } from '../platform/guest-language.ts';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import type * as WebPrerender from '../../web/ssr/render-page.tsx';
import type { GuestPage, PrerenderedPage } from '../../web/ssr/render-page.tsx';
import type { Clock } from '../platform/clock.ts';
import { escapeHtml } from '../platform/html.ts';
import { jsonLdScript } from '../platform/json-ld.ts';
import { restaurantJsonLd } from '../modules/settings/restaurant-markup.ts';
import type { PageShell } from './web-assets.ts';

// Decisions 024, 060: every page the server sends with a first screen is rendered from the web client's own
// components, here. This file is the one place the server imports the web client (eslint.config.js allows it here
// only), and it loads it lazily: an instance nobody opens a page on never loads React.
type Renderer = typeof WebPrerender;

const rendering = new AsyncLocalStorage<{ app: FastifyInstance; request: FastifyRequest; origin: string }>();
let renderer: Promise<Renderer> | null = null;

/**
 * apiFetch's transport while the server renders: each call goes through the server's own routes (`inject`), with
 * the cookie, address and browser of the request being rendered, so every rule and permission applies as it would
 * to the browser's own call. The request comes from AsyncLocalStorage: renders of two requests never mix.
 */
async function answerInside(path: string, init: RequestInit): Promise<Response> {
  const current = rendering.getStore();
  if (!current) throw new Error('an API call outside a prerender');
  const { app, request, origin } = current;
  const answer = await app.inject({
    method: (init.method ?? 'GET') as InjectOptions['method'],
    url: path,
    headers: {
      origin,
      accept: 'application/json',
      cookie: request.headers.cookie ?? '',
      'user-agent': request.headers['user-agent'] ?? '',
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    remoteAddress: request.ip,
  });
  const body = answer.statusCode === 204 || answer.rawPayload.length === 0 ? null : new Uint8Array(answer.rawPayload);
  return new Response(body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
}

function loadRenderer(): Promise<Renderer> {
  renderer ??= import('../../web/ssr/render-page.tsx').then((module) => {
    module.setApiTransport(answerInside);
    return module;
  });
  return renderer;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const unescapeHtml = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

interface PrerenderOptions {
  publicUrl: URL;
  clock: Clock;
}

/**
 * The page at the request's URL as the server renders it for the signed-in member of staff who asked, or null
 * (no staff session, a failed read, a component that cannot render on the server): the browser renders it then.
 */
export async function prerenderStaffPage(app: FastifyInstance, request: FastifyRequest, options: PrerenderOptions): Promise<PageShell | null> {
  const { prerenderStaffPage: render } = await loadRenderer();
  const page = await rendering.run(context(app, request, options), () => render(request.url, options.clock.now().getTime()));
  return page && shellOf(page);
}

/** The loading spinner the router shows while a page's chunks load, as React renders it: /admin's first paint. */
export async function pageLoaderHtml(): Promise<string> {
  const { renderPageLoader } = await loadRenderer();
  return renderPageLoader();
}

/**
 * The public guest pages, the landing (its busiest) and /reservar (decision 028), rendered for anyone in the page's
 * language (?lang, else Accept-Language). The last render of each page and language is kept with what it read; each
 * request reads that again (two or three reads instead of a render) and sends the kept HTML, with the fresh answers,
 * while they say the same; else it renders anew. A change from any instance, a restore or a new day is never missed.
 */
export function guestPagePrerender(app: FastifyInstance, options: PrerenderOptions) {
  const renders = new Map<string, Promise<GuestPage | null>>();
  return async (request: FastifyRequest): Promise<PageShell | null> => {
    const { prerenderGuestPage, readAgain } = await loadRenderer();
    const pathname = request.url.split('?')[0] ?? '/';
    const language = pageLanguage(request);
    const key = `${pathname} ${language}`;
    return rendering.run(context(app, request, options), async () => {
      const kept = await renders.get(key)?.catch(() => null);
      const answers = kept && (await readAgain(kept.reads));
      let render: GuestPage | null;
      if (kept && answers && answers.digest === kept.answers.digest) render = { ...kept, answers };
      else {
        const rendered = prerenderGuestPage(pathname, options.clock.now().getTime(), language);
        renders.set(key, rendered);
        render = await rendered;
      }
      if (!render) return null;
      const shell = shellOf({ ...render.page, state: render.answers.state });
      const { settings } = render.answers;
      return pathname === '/' && settings ? { ...shell, headHtml: jsonLdScript(restaurantJsonLd(settings, options.publicUrl)) } : shell;
    });
  };
}

const context = (app: FastifyInstance, request: FastifyRequest, { publicUrl }: PrerenderOptions) => ({ app, request, origin: publicUrl.origin });

function shellOf(page: PrerenderedPage): PageShell {
  return {
    title: page.title === null ? null : unescapeHtml(page.title),
    language: page.language,
    // inert until the browser has hydrated it (src/web/lib/server-page.ts).
    rootAttributes:
      ` inert data-rendered-at="${page.renderedAt}" data-language="${page.language}"` +
      ` data-query-state="${escapeHtml(JSON.stringify(page.state))}"`,
    rootHtml: page.html,
  };
}
