import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import { MAX_PAGE_SIZE } from '@gama/core/endpoints/reports/schemas';
import { Skeleton } from '@gama/ui/Skeleton';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { pointsLabel, pointsTick } from '../../components/charts/points.ts';
import type { Column } from '../../components/DataTable.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { urlOf } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { dayColumn } from './columns.tsx';
import { ReportFilters } from './ReportFilters.tsx';
import { useReport, useReportTable } from './report-params.ts';
import { ReportResults } from './ReportResults.tsx';
import { walletColumns, walletTotals } from './wallet-columns.tsx';

type Row = Answer<typeof endpoints.walletDailyReport>['rows'][number];
type Query = CallInput<typeof endpoints.walletDailyReport>;

/** All wallets together, day by day, from the ledger; money in and out per day as a chart. */
export default function WalletDailyReport({ today }: { today: string }) {
  const table = useReportTable({ today, filters: [], sorts: ['date'] as const, defaultSort: 'date' });
  const { from, to, page, page_size, dir } = table.base;
  const query: Query = { from, to, page, page_size, dir };
  const report = useReport('wallet-daily', endpoints.walletDailyReport, query);
  const columns: Column<Row>[] = [dayColumn<Row>(true, true), ...walletColumns<Row>(false)];

  return (
    <>
      <ReportFilters table={table} today={today} fields={[]} />
      <ReportResults
        caption="All wallets day by day: opening, money in, money out and closing"
        query={report}
        table={table}
        columns={columns}
        rowKey={(r) => r.date}
        empty="No days in this range."
        csvHref={urlOf(endpoints.walletDailyReport, { ...query, format: 'csv' })}
        csvName={`wallet-daily-${from}-${to}.csv`}
        totals={(a) => walletTotals(a.totals)}
      >
        {from < to && <MoneyByDay from={from} to={to} />}
      </ReportResults>
    </>
  );
}

/** Money into and out of all wallets on each day of the range. */
function MoneyByDay({ from, to }: { from: string; to: string }) {
  // A range is at most 366 days, so one page holds every day.
  const days = useReport('wallet-daily', endpoints.walletDailyReport, {
    from,
    to,
    page: 1,
    page_size: MAX_PAGE_SIZE,
    dir: 'asc',
  });
  return (
    <Panel title="Money in and out per day">
      {days.error !== null && <ErrorNotice error={days.error} onRetry={() => void days.refetch()} />}
      {days.data ? (
        <BarChart
          title="Money into and out of all wallets per day"
          series={[
            { name: 'Money in', tone: 'in' },
            { name: 'Money out', tone: 'out' },
          ]}
          points={days.data.rows.map((row) => ({
            key: row.date,
            label: formatDay(row.date).slice(0, 6),
            name: formatDay(row.date),
            values: [row.money_in_paise, row.money_out_paise],
          }))}
          format={pointsLabel}
          formatTick={pointsTick}
          height={180}
        />
      ) : (
        days.isPending && <Skeleton height={180} radius={8} />
      )}
    </Panel>
  );
}
