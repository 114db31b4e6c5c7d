import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_QUERY_RETRY, DEFAULT_QUERY_STALE_TIME_MS } from '@shared/limits';
import { ApiRequestError } from './api';

/** Spec point 9: default stale time 5 min, one retry. A 4xx answer will not change on retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_QUERY_STALE_TIME_MS,
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
