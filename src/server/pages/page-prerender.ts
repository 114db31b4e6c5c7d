import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages.ts';
import { pageLanguage } from '../platform/guest-language.ts';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import type * as WebPrerender from '../../web/ssr/render-page.tsx';
import type { Clock } from '../platform/clock.ts';
import { escapeHtml } from '../platform/html.ts';
import type { PageShell } from './web-assets.ts';

// Decision 024: /admin's first screen is rendered by the server from the web client's own components. This file is
// the one place the server imports the web client (eslint.config.js allows it here only), and it loads it lazily:
// an instance nobody opens /admin on never loads React.
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

/**
 * The page at the request's URL as the server renders it for the signed-in member of staff who asked, or null
 * (no staff session, a failed read, a component that cannot render on the server): the browser renders it then.
 */
export async function prerenderStaffPage(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { publicUrl: URL; clock: Clock },
): Promise<PageShell | null> {
  const { prerenderStaffPage: render } = await loadRenderer();
  return prerender(app, request, options, render);
}

/**
 * /reservar, the booking form alone for other sites' frames (decision 028), rendered for anyone: a guest on a phone
 * sees the form before the scripts have run, as /admin's staff see the day.
 */
export async function prerenderWidgetPage(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { publicUrl: URL; clock: Clock },
): Promise<PageShell | null> {
  // The prerender is Spanish (the app's first render; the guest's language follows after hydration): a guest whose
  // page is in another language gets the page rendered by the browser, in it, rather than a Spanish flash.
  if (pageLanguage(request) !== DEFAULT_LANGUAGE) return null;
  const { prerenderWidgetPage: render } = await loadRenderer();
  return prerender(app, request, options, render);
}

async function prerender(
  app: FastifyInstance,
  request: FastifyRequest,
  { publicUrl, clock }: { publicUrl: URL; clock: Clock },
  render: Renderer['prerenderStaffPage'],
): Promise<PageShell | null> {
  const renderedAt = clock.now().getTime();
  const page = await rendering.run({ app, request, origin: publicUrl.origin }, () => render(request.url, renderedAt));
  if (!page) return null;
  return {
    title: page.title === null ? null : unescapeHtml(page.title),
    // inert until the browser has hydrated it (src/web/lib/server-page.ts).
    rootAttributes: ` inert data-rendered-at="${page.renderedAt}" data-query-state="${escapeHtml(JSON.stringify(page.state))}"`,
    rootHtml: page.html,
  };
}
