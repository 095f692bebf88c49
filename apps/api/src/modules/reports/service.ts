/**
 * A report as the console asks for it: one snapshot in the market time zone, a page of rows with the totals of all
 * rows, or with `format=csv` every row as a download. An export is audited here, by the service that makes it
 * (decision 045): it carries players' names and numbers.
 */
import type { AnyEndpoint } from '@gama/core/endpoints/define';
import { CSV_MAX_ROWS, reportMessages } from '@gama/core/endpoints/reports/schemas';
import { formatPaise } from '@gama/core/rules/money';
import type { ZodObject } from 'zod';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { CsvReply } from '../../http/route.ts';
import { toCsv } from '../../lib/csv.ts';
import type { Actor } from '../audit/writer.ts';
import { audit } from '../audit/writer.ts';
import type { Paging } from './sql.ts';
import { readInZone } from './sql.ts';

interface ReportQuery {
  from: string;
  to: string;
  format: 'json' | 'csv';
  page: number;
  page_size: number;
}

interface Built<R, T> {
  rows: R[];
  totals: T;
  totalRows: number;
}

/** The columns of an answer's rows, in the order its schema lists them. */
function rowColumns(endpoint: AnyEndpoint): string[] {
  const answer = endpoint.response as ZodObject;
  const rows = answer.shape.rows as unknown as { element: ZodObject };
  return Object.keys(rows.element.shape);
}

const PAISE_SUFFIX = '_paise';

/**
 * The rows as a spreadsheet reads them: a `*_paise` column is points (`formatPaise`, "142.50") under its name
 * without the suffix, the form the exports had before the answers carried paise (decision 046).
 */
function reportCsv(endpoint: AnyEndpoint, rows: readonly Record<string, unknown>[]): string {
  const columns = rowColumns(endpoint);
  const header = columns.map((c) => (c.endsWith(PAISE_SUFFIX) ? c.slice(0, -PAISE_SUFFIX.length) : c));
  const cells = rows.map((row) =>
    Object.fromEntries(
      columns.map((column, i) => {
        const value = row[column];
        return [
          header[i],
          column.endsWith(PAISE_SUFFIX) && typeof value === 'number' ? formatPaise(value) : value,
        ];
      }),
    ),
  );
  return toCsv(header, cells);
}

export async function report<Q extends ReportQuery, R extends object, T>(
  deps: Deps,
  who: Actor & { query: Q },
  endpoint: AnyEndpoint,
  name: string,
  build: (tx: Queryable, query: Q, paging: Paging) => Promise<Built<R, T>>,
) {
  const { query } = who;
  const timeZone = deps.config.MARKET_TIME_ZONE;
  const csv = query.format === 'csv';
  // One row past the cap tells an export that is too large from one that just fits.
  const paging: Paging = csv
    ? { limit: CSV_MAX_ROWS + 1, offset: 0 }
    : { limit: query.page_size, offset: (query.page - 1) * query.page_size };
  // Reports may lag by the replica's few milliseconds (READ_DATABASE_URL; db/reads.ts).
  const built = await readInZone(deps.reads.shared, timeZone, (tx) => build(tx, query, paging));
  if (!csv) {
    return {
      status: true as const,
      from: query.from,
      to: query.to,
      time_zone: timeZone,
      rows: built.rows,
      totals: built.totals,
      total_rows: built.totalRows,
      page: query.page,
      page_size: query.page_size,
    };
  }
  if (built.totalRows > CSV_MAX_ROWS) {
    throw new AppError('REPORT_TOO_LARGE', reportMessages.tooManyRows(built.totalRows));
  }
  await audit(deps.db, {
    operatorId: who.operator.id,
    action: 'report_export',
    targetType: 'report',
    targetId: name,
    detail: { ...(query as Record<string, unknown>), rows: built.totalRows },
    request: who.request,
    at: deps.clock.now(),
  });
  return new CsvReply(
    `gama-${name}-${query.from}-to-${query.to}.csv`,
    reportCsv(endpoint, built.rows as Record<string, unknown>[]),
  );
}
