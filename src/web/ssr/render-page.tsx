import { prerender } from 'react-dom/static';
import { dehydrate, type DehydratedState, type Query, type QueryClient, type QueryFunction, type QueryKey, type QueryMeta } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages';
import type { PublicSettings } from '@shared/schemas/settings';
import { sessionQueryOptions } from '@web/features/auth/session';
import { publicSettingsQueryOptions } from '@web/features/public-settings/api/get-public-settings';
import { type GuestLanguageState, loadGuestLanguage } from '@web/lib/i18n/guest-language';
import { createQueryClient } from '@web/lib/query-client';
import { AppTree } from '@web/app-tree';
import { AppRoutes, PageLoader } from '@web/router';

export { setApiTransport } from '@web/lib/api';

export interface PrerenderedPage {
  /** Set in <head>: React puts a page's <title> first in its HTML, where the browser would not read it. */
  title: string | null;
  html: string;
  /** The query cache the HTML was rendered from (TanStack Query's dehydrated state), for the browser to start from. */
  state: unknown;
  /** The time the HTML shows (ms), for the browser's hydration to show the same. */
  renderedAt: number;
  /** The guest language the HTML is in, for the browser's hydration to render the same (Spanish on staff pages). */
  language: Language;
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

async function renderOnce(
  url: string,
  renderedAt: number,
  client: QueryClient,
  language: GuestLanguageState | undefined,
): Promise<{ html: string; failed: boolean }> {
  let failed = false;
  const { prelude } = await prerender(
    // app.tsx's tree with the server's router: the browser hydrates what this renders.
    <AppTree client={client} renderedAt={renderedAt} language={language}>
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

/** A query a guest page read as it rendered, to be read again for a later request. */
interface PageRead {
  queryKey: QueryKey;
  queryFn: QueryFunction;
  meta: QueryMeta | undefined;
}

/** What a guest page's reads answered: what its HTML depends on, the query state to send with it, the settings. */
export interface GuestPageAnswers {
  /** The answers but the booking form's token, which the HTML never shows (BotFields keeps it in the form's state). */
  digest: string;
  state: DehydratedState;
  settings: PublicSettings | undefined;
}

export interface GuestPage {
  page: PrerenderedPage;
  reads: PageRead[];
  answers: GuestPageAnswers;
}

/** The queries the page read (a disabled one, a date not chosen yet, is in the cache without an answer). */
const answered = (client: QueryClient) => client.getQueryCache().getAll().filter((query) => query.state.data !== undefined);

function answersOf(client: QueryClient): GuestPageAnswers {
  const answers = answered(client).map((query) => [query.queryKey, query.state.data]);
  const digest = JSON.stringify(answers, (key, value: unknown) => (key === 'formToken' ? undefined : value));
  return { digest, state: dehydrate(client), settings: client.getQueryData(publicSettingsQueryOptions().queryKey) };
}

/**
 * A public guest page (the landing, /reservar: decisions 010, 028, 060) rendered for anyone in the guest's `language`,
 * read with the public API only, with what it read (to read again for a later request).
 */
export async function prerenderGuestPage(url: string, renderedAt: number, language: Language): Promise<GuestPage | null> {
  const client = createQueryClient();
  const page = await prerenderPage(url, renderedAt, client, await loadGuestLanguage(language));
  if (!page) return null;
  const reads = answered(client).flatMap(({ queryKey, options: { queryFn, meta } }) =>
    typeof queryFn === 'function' ? [{ queryKey, queryFn, meta }] : [],
  );
  return { page, reads, answers: answersOf(client) };
}

/** What `reads` answer now, read through the public API as the browser would read them. */
export async function readAgain(reads: PageRead[]): Promise<GuestPageAnswers> {
  const client = createQueryClient();
  await Promise.all(reads.map(({ queryKey, queryFn, meta }) => client.fetchQuery({ queryKey, queryFn, meta })));
  return answersOf(client);
}

/** The loading screen a lazy page shows (router.tsx), as the server sends it for /admin before any script has run. */
export async function renderPageLoader(): Promise<string> {
  const { prelude } = await prerender(<PageLoader />);
  return new Response(prelude).text();
}

/**
 * Each pass renders, then fetches (apiFetch's transport) what that render asked for, until a render asks for nothing
 * new; null when a read fails or a component throws.
 */
async function prerenderPage(
  url: string,
  renderedAt: number,
  client: QueryClient,
  language?: GuestLanguageState,
): Promise<PrerenderedPage | null> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { html, failed } = await renderOnce(url, renderedAt, client, language);
    if (failed) return null;
    const pending = client.getQueryCache().getAll().filter(waiting);
    if (pending.length === 0 && !html.includes(WAITING_BOUNDARY)) {
      const title = LEADING_TITLE.exec(html);
      const body = (title ? html.slice(title[0].length) : html).replace(STYLE_ATTRIBUTE, ' data-server-style="');
      return {
        title: title?.[1] ?? null,
        html: body,
        state: dehydrate(client),
        renderedAt,
        language: language?.language ?? DEFAULT_LANGUAGE,
      };
    }
    await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
    if (pending.some((query) => query.state.error)) return null;
  }
  return null;
}
