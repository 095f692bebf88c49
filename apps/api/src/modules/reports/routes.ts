/**
 * The report routes: each reads one snapshot in the market time zone and answers a page of rows with the totals
 * of all rows, or with `format=csv` every row as a download (exports are audited: they carry players' numbers).
 */
import { endpoints } from '@gama/core/endpoints';
import type { AnyEndpoint } from '@gama/core/endpoints/define';
import { CSV_MAX_ROWS, reportMessages } from '@gama/core/endpoints/reports/schemas';
import { formatPaise } from '@gama/core/rules/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodObject } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { CsvReply, route } from '../../http/route.ts';
import { toCsv } from '../../lib/csv.ts';
import { audit } from '../audit/writer.ts';
import type { Operator } from '../operators/sessions.ts';
import { customerSellReport, profitLossReport, sellReport, winningReport } from './bids.ts';
import { dashboard } from './dashboard.ts';
import { depositReport, transferReport, withdrawalReport } from './requests.ts';
import type { Paging } from './sql.ts';
import { readInZone } from './sql.ts';
import { walletDailyReport, walletReport } from './wallet.ts';

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

interface Ctx<Q> {
  query: Q;
  request: FastifyRequest;
  operator: Operator;
}

export function reportRoutes(app: FastifyInstance): void {
  const { db, clock, config } = app.deps;
  const timeZone = config.MARKET_TIME_ZONE;

  async function answer<Q extends ReportQuery, R extends object, T>(
    ctx: Ctx<Q>,
    endpoint: AnyEndpoint,
    name: string,
    build: (tx: Queryable, query: Q, paging: Paging) => Promise<Built<R, T>>,
  ) {
    const { query } = ctx;
    const csv = query.format === 'csv';
    // One row past the cap tells an export that is too large from one that just fits.
    const paging: Paging = csv
      ? { limit: CSV_MAX_ROWS + 1, offset: 0 }
      : { limit: query.page_size, offset: (query.page - 1) * query.page_size };
    // Reports may lag by the replica's few milliseconds (READ_DATABASE_URL; db/reads.ts).
    const built = await readInZone(app.deps.reads.shared, timeZone, (tx) => build(tx, query, paging));
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
    await audit(db, {
      operatorId: ctx.operator.id,
      action: 'report_export',
      targetType: 'report',
      targetId: name,
      detail: { ...(query as Record<string, unknown>), rows: built.totalRows },
      request: ctx.request,
      at: clock.now(),
    });
    return new CsvReply(
      `gama-${name}-${query.from}-to-${query.to}.csv`,
      reportCsv(endpoint, built.rows as Record<string, unknown>[]),
    );
  }

  route(app, endpoints.dashboard, async () => dashboard(app.deps));
  route(app, endpoints.sellReport, (ctx) => answer(ctx, endpoints.sellReport, 'sell', sellReport));
  route(app, endpoints.winningReport, (ctx) =>
    answer(ctx, endpoints.winningReport, 'winning', winningReport),
  );
  route(app, endpoints.profitLossReport, (ctx) =>
    answer(ctx, endpoints.profitLossReport, 'profit-loss', profitLossReport),
  );
  route(app, endpoints.customerSellReport, (ctx) =>
    answer(ctx, endpoints.customerSellReport, 'customer-sell', customerSellReport),
  );
  route(app, endpoints.walletReport, (ctx) => answer(ctx, endpoints.walletReport, 'wallet', walletReport));
  route(app, endpoints.walletDailyReport, (ctx) =>
    answer(ctx, endpoints.walletDailyReport, 'wallet-daily', walletDailyReport),
  );
  route(app, endpoints.transferReport, (ctx) =>
    answer(ctx, endpoints.transferReport, 'transfers', transferReport),
  );
  route(app, endpoints.depositReport, (ctx) =>
    answer(ctx, endpoints.depositReport, 'deposits', depositReport),
  );
  route(app, endpoints.withdrawalReport, (ctx) =>
    answer(ctx, endpoints.withdrawalReport, 'withdrawals', withdrawalReport),
  );
}
