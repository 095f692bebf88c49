/**
 * A console table's CSV export: every row its filters match (queried with one row past the cap, so a list too
 * large to export is told apart from one that just fits), as a download; who took a copy of players' data is
 * itself audited.
 */
import { CSV_MAX_ROWS } from '@gama/core/endpoints/paging';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { CsvReply } from '../../http/route.ts';
import { toCsv } from '../../lib/csv.ts';
import { audit } from '../audit/writer.ts';
import type { Operator } from '../operators/sessions.ts';

export const exportTooLarge = `More than ${CSV_MAX_ROWS.toLocaleString('en-US')} rows match: narrow the filters to export`;

export async function csvExport(
  deps: Deps,
  who: { operator: Operator; request: FastifyRequest },
  name: string,
  filters: Record<string, unknown>,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<CsvReply> {
  if (rows.length > CSV_MAX_ROWS) throw new AppError('EXPORT_TOO_LARGE', exportTooLarge);
  const now = deps.clock.now();
  await audit(deps.db, {
    operatorId: who.operator.id,
    action: `${name}_export`,
    detail: { ...filters, rows: rows.length },
    request: who.request,
    at: now,
  });
  return new CsvReply(`gama-${name}-${now.toISOString().slice(0, 10)}.csv`, toCsv(columns, rows));
}

/**
 * A console list asked for as `format=json` answers its page (with `extra` beside it); asked for as CSV, the
 * same rows go through `csvExport`, audited with the filters that chose them (the paging left out).
 */
export async function pageOrCsv<Row, Extra extends Record<string, unknown> = Record<string, never>>(
  deps: Deps,
  who: { operator: Operator; request: FastifyRequest },
  name: string,
  query: { page: number; page_size: number; format: string } & Record<string, unknown>,
  list: { rows: Row[]; total: number },
  csv: { columns: readonly string[]; row: (row: Row) => Record<string, unknown> },
  extra?: Extra,
): Promise<
  CsvReply | ({ status: true; rows: Row[]; total: number; page: number; page_size: number } & Extra)
> {
  if (query.format === 'json') {
    return {
      status: true,
      rows: list.rows,
      total: list.total,
      page: query.page,
      page_size: query.page_size,
      ...(extra ?? ({} as Extra)),
    };
  }
  const { page: _page, page_size: _size, format: _format, ...filters } = query;
  return csvExport(deps, who, name, filters, csv.columns, list.rows.map(csv.row));
}
