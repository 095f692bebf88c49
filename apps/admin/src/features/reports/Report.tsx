import type { AnyEndpoint, Answer, CallInput } from '@gama/core/endpoints/define';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Column } from '../../components/DataTable.tsx';
import { urlOf } from '../../lib/api-client.ts';
import type { SortDir } from '../../lib/table-params.ts';
import { filterParams, ReportFilters, type FilterField, type MarketOption } from './ReportFilters.tsx';
import { useReport, useReportTable, type ReportTable } from './report-params.ts';
import { ReportResults, type ReportAnswer } from './ReportResults.tsx';

type RowOf<E extends AnyEndpoint> = Answer<E> extends { rows: Array<infer R> } ? R : never;

/** One report, as data: what it asks the server, and how its answer is drawn. */
export interface ReportSpec<E extends AnyEndpoint> {
  /** The report's query key, and the start of its CSV file's name (`<name>-<from>-<to>.csv`). */
  name: string;
  endpoint: E;
  /** The filters besides the range, and the sort keys the server takes. */
  fields: readonly FilterField[];
  sorts: readonly string[];
  defaultSort: string;
  defaultDir?: SortDir;
  /** The server's query from the URL's (the range, page and sort are in `table.base`). */
  query: (table: ReportTable) => CallInput<E>;
  caption: string;
  columns: ReadonlyArray<Column<RowOf<E>>>;
  rowKey: (row: RowOf<E>) => string | number;
  empty: string;
  /** Cells of the totals row, from the answer's totals of all rows. */
  totals?: (answer: Answer<E>) => Partial<Record<string, ReactNode>>;
  /** A chart or a summary between the count and the table. */
  extra?: (answer: Answer<E> | undefined, query: CallInput<E>) => ReactNode;
}

export interface ReportProps {
  /** The market's today, which the range starts from. */
  today: string;
  /** The markets the market filter chooses from (a select only when they are known). */
  markets?: readonly MarketOption[];
}

/** A report: its filters in the URL, the server's answer for them, and that answer as a table with its CSV. */
export function Report<E extends AnyEndpoint>({
  spec,
  today,
  markets,
}: ReportProps & { spec: ReportSpec<E> }) {
  const table = useReportTable({
    today,
    filters: filterParams(spec.fields),
    sorts: spec.sorts,
    defaultSort: spec.defaultSort,
    defaultDir: spec.defaultDir,
  });
  const query = spec.query(table);
  // A report's endpoint takes `format=csv` for the CSV of every row the filters select.
  const csv = { ...(query as object), format: 'csv' } as CallInput<E>;
  // Every report endpoint answers a ReportAnswer (its range, rows and count); the catalogue's types do not say
  // so for an endpoint in general.
  const report = useReport(spec.name, spec.endpoint, query) as UseQueryResult<
    Answer<E> & ReportAnswer<RowOf<E>>
  >;
  return (
    <>
      <ReportFilters table={table} today={today} fields={spec.fields} markets={markets} />
      <ReportResults
        caption={spec.caption}
        query={report}
        table={table}
        columns={spec.columns}
        rowKey={spec.rowKey}
        empty={spec.empty}
        csvHref={urlOf(spec.endpoint, csv)}
        csvName={`${spec.name}-${table.base.from}-${table.base.to}.csv`}
        totals={spec.totals}
      >
        {spec.extra?.(report.data, query)}
      </ReportResults>
    </>
  );
}
