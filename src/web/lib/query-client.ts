import { hydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { DEFAULT_QUERY_RETRY, DEFAULT_QUERY_STALE_TIME_MS } from '@shared/limits';
import { ApiRequestError } from './api';

/** How long the answers a page was rendered with by the server count as just asked (decision 024). */
const SERVER_ANSWERS_FRESH_MS = 30_000;

/** The queries filled from the server's state, with the answer time each was filled with. */
const serverAnswers = new WeakMap<Query, number>();
let serverAnswersAt = Number.NEGATIVE_INFINITY;

/**
 * A query still holding the answer the server rendered the page with, a moment ago, is not asked again as its
 * components mount: that would only re-render the page. Unless something invalidated it since (the live stream's
 * `ready`, which asks for everything, can come before a part of the page has hydrated).
 */
function mountWithServerAnswer(query: Query): boolean {
  return (
    !query.state.isInvalidated &&
    serverAnswers.get(query) === query.state.dataUpdatedAt &&
    performance.now() - serverAnswersAt < SERVER_ANSWERS_FRESH_MS
  );
}

/** Spec point 9: default stale time 5 min, one retry. A 4xx answer will not change on retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_QUERY_STALE_TIME_MS,
        refetchOnMount: (query) => !mountWithServerAnswer(query),
        retry: (failureCount, error) => {
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
            return false;
          }
          return failureCount < DEFAULT_QUERY_RETRY;
        },
      },
    },
  });
}

export const queryClient = createQueryClient();

/** Fills the cache with the answers the server rendered the page with (TanStack Query's dehydrated state). */
export function startFromServerState(state: DehydratedState): void {
  hydrate(queryClient, state);
  serverAnswersAt = performance.now();
  for (const query of queryClient.getQueryCache().getAll()) serverAnswers.set(query, query.state.dataUpdatedAt);
}
