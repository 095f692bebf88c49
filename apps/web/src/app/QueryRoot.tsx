import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '../lib/router/index.ts';
import { createQueryClient } from '../lib/query-client.ts';

const queryClient = createQueryClient();
// The provider mounts the client while a screen under it is shown and unmounts it on home, which is not (decision
// 021). Mounted once for the page's life, it keeps hearing the network come back and the tab regain focus there
// too, so a money request paused offline is still sent the moment the network returns.
queryClient.mount();

/**
 * TanStack Query and the API client's retry rules, in a chunk of their own (about 10 KB gzip): a layout route
 * above every screen but the visitor's landing, which reads nothing through it (decision 020). Its chunk is
 * requested at start-up with the address's other chunks (`preloadRoutes`), so it adds no step to the load.
 */
export default function QueryRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
