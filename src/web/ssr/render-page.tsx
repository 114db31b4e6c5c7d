import { prerender } from 'react-dom/static';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { sessionQueryOptions } from '@web/features/auth/session';
import { createQueryClient } from '@web/lib/query-client';
import { AppTree } from '@web/app-tree';
import { AppRoutes } from '@web/router';

export { setApiTransport } from '@web/lib/api';

export interface PrerenderedPage {
  /** Set in <head>: React puts a page's <title> first in its HTML, where the browser would not read it. */
  title: string | null;
  html: string;
  /** The query cache the HTML was rendered from (TanStack Query's dehydrated state), for the browser to start from. */
  state: unknown;
  /** The time the HTML shows (ms), for the browser's hydration to show the same. */
  renderedAt: number;
}

/** Renders after which every query the page asks for has its answer: the guard, then the shell, then the tab. */
const MAX_PASSES = 6;
const LEADING_TITLE = /^<title>([^<]*)<\/title>/;
/**
 * React's marker of a Suspense boundary still waiting at the end of the shell (a lazy chunk met for the first time),
 * which it completes with an inline script that the CSP blocks; the next pass finds the chunk loaded.
 */
const WAITING_BOUNDARY = '<!--$?-->';
/** Style attributes, which the CSP ignores in HTML: main.tsx sets them through the CSSOM (lib/server-page.ts). */
const STYLE_ATTRIBUTE = / style="/g;

async function renderOnce(url: string, renderedAt: number, client: QueryClient): Promise<{ html: string; failed: boolean }> {
  let failed = false;
  const { prelude } = await prerender(
    // app.tsx's tree with the server's router: the browser hydrates what this renders.
    <AppTree client={client} renderedAt={renderedAt}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppTree>,
    // One piece: React would otherwise send a large boundary after the rest, revealed by an inline script.
    { onError: () => void (failed = true), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return { html: await new Response(prelude).text(), failed };
}

/** A query the render asked for that has no answer yet and that the browser would fetch (it is enabled). */
function waiting(query: Query): boolean {
  if (query.state.data !== undefined || query.state.error) return false;
  // The observer's options reach the query, `enabled` among them, though QueryOptions does not name it.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * A page of the back office at `url` rendered on the server for a signed-in member of staff at the time `renderedAt`
 * (ms; the server's clock), as the browser shows it once its reads have answered. Null without a staff session, when
 * a read fails or a component throws: the browser then renders the page itself, as it always could.
 */
export async function prerenderStaffPage(url: string, renderedAt: number): Promise<PrerenderedPage | null> {
  const client = createQueryClient();
  const session = await client.fetchQuery(sessionQueryOptions()).catch(() => null);
  if (!session?.user?.role) return null;
  return prerenderPage(url, renderedAt, client);
}

/** /reservar, the booking widget (decision 028): a public page, for anyone, read with the public API only. */
export function prerenderWidgetPage(url: string, renderedAt: number): Promise<PrerenderedPage | null> {
  return prerenderPage(url, renderedAt, createQueryClient());
}

/**
 * Each pass renders, then fetches (apiFetch's transport) what that render asked for, until a render asks for nothing
 * new; null when a read fails or a component throws.
 */
async function prerenderPage(url: string, renderedAt: number, client: QueryClient): Promise<PrerenderedPage | null> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { html, failed } = await renderOnce(url, renderedAt, client);
    if (failed) return null;
    const pending = client.getQueryCache().getAll().filter(waiting);
    if (pending.length === 0 && !html.includes(WAITING_BOUNDARY)) {
      const title = LEADING_TITLE.exec(html);
      const body = (title ? html.slice(title[0].length) : html).replace(STYLE_ATTRIBUTE, ' data-server-style="');
      return { title: title?.[1] ?? null, html: body, state: dehydrate(client), renderedAt };
    }
    await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
    if (pending.some((query) => query.state.error)) return null;
  }
  return null;
}
