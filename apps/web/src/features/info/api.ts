import { endpoints } from '@gama/core/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

/** Only links to our own kind of content are shown: a tutorial on the web, never a script URL. */
function safeHttpLink(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function useTutorialLink() {
  return useQuery({
    queryKey: ['how-to-play'],
    queryFn: ({ signal }) => call(endpoints.howToPlay, {}, { signal }),
    select: (response) => safeHttpLink(response.content[0]?.video_link),
    staleTime: 10 * 60_000,
  });
}

/**
 * The operator's privacy policy and about text (`/api-get-app-pages`). Kept for the app's usual 30 seconds,
 * so an operator's edit shows the next time a player opens the page after that.
 */
export function useAppPages() {
  return useQuery({
    queryKey: ['app-pages'],
    queryFn: ({ signal }) => call(endpoints.appPages, {}, { signal }),
  });
}
