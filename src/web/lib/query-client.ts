import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api';

const FIVE_MINUTES = 5 * 60 * 1000;

/** Spec point 9: default stale time 5 min, one retry. A 4xx answer will not change on retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        retry: (failureCount, error) => {
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
            return false;
          }
          return failureCount < 1;
        },
      },
    },
  });
}

export const queryClient = createQueryClient();
