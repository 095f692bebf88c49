/**
 * The console's tables: server-side paging, one sort column with a direction, filters in the query string, and
 * `format=csv` for an export of every row the filters match (in the same order, up to CSV_MAX_ROWS) instead of
 * one page. Each list endpoint builds its query from these pieces, so every table reads the same parameters.
 */
import { z } from 'zod';
import { isIsoDate } from '../rules/dates.ts';

export const PAGE_SIZE_MAX = 200;
export const CSV_MAX_ROWS = 10_000;

/** `page` (from 1), `page_size`, `sort` (one of the list's columns) and `dir`. */
export function pageQuery<const S extends readonly [string, ...string[]]>(
  sorts: S,
  defaultSort: S[number],
  defaultDir: 'asc' | 'desc' = 'desc',
) {
  return {
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(50),
    sort: z.enum(sorts).default(defaultSort),
    dir: z.enum(['asc', 'desc']).default(defaultDir),
  };
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

/** Money in an operator answer: integer paise (1/100 point). */
export const paise = z.number().int();

export const ok = z.literal(true);

const REASON_MESSAGE = 'a reason of at least 3 characters is required';
/** The reason an operator gives for a decision or an action; shown to other operators and kept in the audit. */
export const reasonText = z
  .string({ error: REASON_MESSAGE })
  .trim()
  .min(3, { error: REASON_MESSAGE })
  .max(500, { error: 'a reason is at most 500 characters' });
