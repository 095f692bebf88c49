import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';

export const queryClient = createQueryClient();

/**
 * TanStack Query and the API client, in a chunk of their own: about 8 KB gzip that the entry no longer carries.
 * App.tsx requests it with the entry and the address's screen chunks at once, so it adds no step to the load.
 */
export default function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
