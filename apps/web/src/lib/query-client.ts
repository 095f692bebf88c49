import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { registerQueryClient } from './cached-answers.ts';

/** Retrying a refused request only repeats the refusal; retry only when the network may have hiccupped. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  registerQueryClient(client);
  return client;
}
