/**
 * The console's tables: server-side paging, one sort column with a direction, filters in the query string, and
 * `format=csv` for an export of every row the filters match (in the same order, up to CSV_MAX_ROWS) instead of
 * one page. Each list endpoint builds its query from these pieces, so every table reads the same parameters.
 *
 * The sorting convention, for every list and report: `sort` names one column (a plain key, never a sign), and
 * `dir` is `asc` or `desc`.
 */
import { z } from 'zod';
import { isIsoDate } from '../rules/dates.ts';

export const PAGE_SIZE_MAX = 200;
export const CSV_MAX_ROWS = 10_000;

export type SortDirection = 'asc' | 'desc';

/** How many rows a page may hold; reports allow more than the desk's lists. */
export interface PageSizeLimits {
  max?: number;
  default?: number;
}

const PAGE_MESSAGE = 'page must be a whole number of at least 1';

function pageFields({ max = PAGE_SIZE_MAX, default: size = 50 }: PageSizeLimits) {
  const sizeMessage = `page_size must be a whole number from 1 to ${max}`;
  return {
    page: z.coerce
      .number({ error: PAGE_MESSAGE })
      .int({ error: PAGE_MESSAGE })
      .min(1, { error: PAGE_MESSAGE })
      .max(1_000_000, { error: 'page is at most 1,000,000' })
      .default(1),
    page_size: z.coerce
      .number({ error: sizeMessage })
      .int({ error: sizeMessage })
      .min(1, { error: sizeMessage })
      .max(max, { error: sizeMessage })
      .default(size),
  };
}

const sortField = <const S extends readonly [string, ...string[]]>(sorts: S) =>
  z.enum(sorts, { error: `sort must be one of ${sorts.join(', ')}` });

export const sortDirection = z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' });

/** `page` (from 1), `page_size`, `sort` (one of the list's columns) and `dir`. */
export function pageQuery<const S extends readonly [string, ...string[]]>(
  sorts: S,
  defaultSort: S[number],
  defaultDir: SortDirection = 'desc',
  size: PageSizeLimits = {},
) {
  return {
    ...pageFields(size),
    sort: sortField(sorts).default(defaultSort),
    dir: sortDirection.default(defaultDir),
  };
}

/**
 * The same parameters for a list with an order of its own (a report: by date, then market, …) until a column is
 * chosen: `sort` is optional, and a column chosen without `dir` runs in its usual direction (amounts largest
 * first, names and dates in order), which the server keeps next to the column's SQL.
 */
export function pageQueryInOwnOrder<const S extends readonly [string, ...string[]]>(
  sorts: S,
  size: PageSizeLimits = {},
) {
  return { ...pageFields(size), sort: sortField(sorts).optional(), dir: sortDirection.optional() };
}

/** `format=csv` answers a CSV file of every matching row instead of the JSON page. */
export const formatField = { format: z.enum(['json', 'csv']).default('json') };

/** A yes/no filter in a query string: `true` or `false`; anything else is refused (not read as true). */
export const queryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A calendar date in the market time zone, `YYYY-MM-DD`. */
export const queryDate = z
  .string()
  .refine((text) => isIsoDate(text) && text >= '2000-01-01' && text <= '2999-12-31', {
    error: 'dates are real days written YYYY-MM-DD',
  });

/** Inclusive date range on the row's time, in the market time zone. */
export const dateRangeFields = { from: queryDate.optional(), to: queryDate.optional() };

/** Free-text player search: digits match a phone prefix or an id, other text a name. */
export const playerSearchField = {
  q: z.string().trim().min(1).max(60).optional(),
};

/** What every paged answer carries next to its rows. */
export const pageAnswerFields = {
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
};

/** An instant in an answer: ISO 8601 text. */
export const isoTime = z.string();

/**
 * Money on the wire (decision 046): integer paise (1/100 point) as a JSON number, in a field named `*_paise`. The
 * one format for amounts in new answers and bodies; the legacy contract's display strings stay at its own edge.
 */
export const paise = z.number().int();

export const ok = z.literal(true);

const REASON_MESSAGE = 'a reason of at least 3 characters is required';
/** The reason an operator gives for a decision or an action; shown to other operators and kept in the audit. */
export const reasonText = z
  .string({ error: REASON_MESSAGE })
  .trim()
  .min(3, { error: REASON_MESSAGE })
  .max(500, { error: 'a reason is at most 500 characters' });
