import { CSV_MAX_ROWS } from '@gama/core/endpoints/reports/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { formatDay } from '../../lib/format.ts';
import type { ReportTable } from './report-params.ts';
import styles from './ReportResults.module.css';

/** What every report answers besides its rows. */
export interface ReportAnswer<R> {
  from: string;
  to: string;
  rows: R[];
  total_rows: number;
}

interface ReportResultsProps<R, A extends ReportAnswer<R>> {
  caption: string;
  query: UseQueryResult<A>;
  table: ReportTable;
  columns: ReadonlyArray<Column<R>>;
  rowKey: (row: R) => string | number;
  empty: string;
  /** The server's CSV of every row the filters select (`format=csv`). */
  csvHref: string;
  csvName: string;
  /** Cells of the totals row, from the answer's totals of all rows. */
  totals?: (answer: A) => Partial<Record<string, ReactNode>>;
  /** A chart or a summary between the count and the table. */
  children?: ReactNode;
}

const count = new Intl.NumberFormat('en-IN');

/** A report's answer: how many rows over which days, the CSV, the table with a totals row and the pager. */
export function ReportResults<R, A extends ReportAnswer<R>>(props: ReportResultsProps<R, A>) {
  const { caption, query, table, columns, rowKey, empty, csvHref, csvName, totals, children } = props;
  const answer = query.data;
  const tooMany = answer !== undefined && answer.total_rows > CSV_MAX_ROWS;
  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.summary} aria-live="polite">
          {answer ? (
            <>
              <strong className="tabular">{count.format(answer.total_rows)}</strong>{' '}
              {answer.total_rows === 1 ? 'row' : 'rows'},{' '}
              {answer.from === answer.to
                ? formatDay(answer.from)
                : `${formatDay(answer.from)} to ${formatDay(answer.to)}`}
            </>
          ) : (
            '\u00a0'
          )}
        </p>
        {tooMany ? (
          <p className={styles.note}>
            More than {count.format(CSV_MAX_ROWS)} rows: narrow the filters to export them.
          </p>
        ) : (
          <ExportButton href={csvHref} filename={csvName} />
        )}
      </div>
      {children}
      <DataTable
        caption={caption}
        columns={columns}
        rows={answer?.rows}
        rowKey={rowKey}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={empty}
        sorting={{ sort: table.base.sort, dir: table.dir, onSort: table.setSort }}
        paging={{
          page: table.page,
          pageSize: table.pageSize,
          total: answer?.total_rows ?? 0,
          onPage: table.setPage,
          onPageSize: table.setPageSize,
        }}
        totals={answer && totals ? { label: 'Total', cells: totals(answer) } : undefined}
      />
    </>
  );
}
