import { endpoints } from '@gama/core/endpoints';
import { call } from '../../lib/api-client.ts';
import { Resource, useResource } from '../../lib/resource.ts';

/** Headline ids of spec 01 section 3. */
export const HEADLINE_IDS = { home: 1, addFunds: 2, withdraw: 3 } as const;

export type HeadlineId = (typeof HEADLINE_IDS)[keyof typeof HEADLINE_IDS];

const MAX_AGE_MS = 5 * 60_000;

/** One headline: its resource and the function that reads its text from the answer, made once per id. */
const make = (id: HeadlineId) => ({
  resource: new Resource((signal) => call(endpoints.headline, { ids: [id] }, { signal }), {
    maxAgeMs: MAX_AGE_MS,
    everyone: true,
  }),
  text: (response: { data: { id: number; status: string; notes: string }[] }) => {
    const line = response.data.find((item) => item.id === id && item.status === '1');
    return line?.notes.trim() || null;
  },
});
const headlines = new Map<HeadlineId, ReturnType<typeof make>>();

/** One resource per headline (home's is on the first screen: decision 021), made when first shown. */
function headline(id: HeadlineId) {
  const known = headlines.get(id);
  if (known) return known;
  const made = make(id);
  headlines.set(id, made);
  return made;
}

/** The headline's text, or null when the operator has switched it off or left it empty. */
export function useHeadline(id: HeadlineId) {
  const { resource, text } = headline(id);
  return useResource(resource, { select: text });
}
