import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Retrying a refused request only repeats the refusal; retry only when the network may have hiccupped. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Queues change under the operator's feet: data older than 15 s is fetched again on focus.
      queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
