import { endpoints } from '@gama/core/endpoints';
import { call } from '../../lib/api-client.ts';
import type { Language } from '@gama/core/contract/languages';
import { useT } from '../../lib/i18n/use-t.ts';
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
  /** The line itself; which language is read of it is the reader's choice (`shownText`). */
  line: (response: { data: HeadlineLine[] }) =>
    response.data.find((item) => item.id === id && item.status === '1') ?? null,
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

interface HeadlineLine {
  id: number;
  status: string;
  notes: string;
  notes_hi: string;
}

/** The operator's Hindi text for a player reading Hindi, the English one otherwise or when there is no Hindi. */
export function shownText(line: Pick<HeadlineLine, 'notes' | 'notes_hi'>, language: Language): string | null {
  const hindi = language === 'hi' ? line.notes_hi.trim() : '';
  return hindi || line.notes.trim() || null;
}

/** The headline's text, or null when the operator has switched it off or left it empty. */
export function useHeadline(id: HeadlineId) {
  const { resource, line } = headline(id);
  const language = useT().language;
  const view = useResource(resource, { select: line });
  return { ...view, data: view.data === undefined ? undefined : view.data && shownText(view.data, language) };
}
