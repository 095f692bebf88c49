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
