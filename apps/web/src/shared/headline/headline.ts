import { endpoints } from '@gama/core/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

/** Headline ids of spec 01 section 3. */
export const HEADLINE_IDS = { home: 1, addFunds: 2, withdraw: 3 } as const;

export type HeadlineId = (typeof HEADLINE_IDS)[keyof typeof HEADLINE_IDS];

/** The headline's text, or null when the operator has switched it off or left it empty. */
export function useHeadline(id: HeadlineId) {
  return useQuery({
    queryKey: ['headline', id],
    queryFn: ({ signal }) => call(endpoints.headline, { ids: [id] }, { signal }),
    select: (response) => {
      const line = response.data.find((item) => item.id === id && item.status === '1');
      return line?.notes.trim() || null;
    },
    staleTime: 5 * 60_000,
  });
}
