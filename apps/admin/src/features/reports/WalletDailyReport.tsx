import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { MAX_PAGE_SIZE } from '@gama/core/endpoints/reports/schemas';
import { Skeleton } from '@gama/ui/Skeleton';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { pointsLabel, pointsTick } from '../../components/charts/points.ts';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { formatDay } from '../../lib/format.ts';
import { dayColumn } from './columns.tsx';
import { Report, type ReportProps, type ReportSpec } from './Report.tsx';
import { useReport } from './report-params.ts';
import { walletColumns, walletTotals } from './wallet-columns.tsx';

type Row = Answer<typeof endpoints.walletDailyReport>['rows'][number];

/** All wallets together, day by day, from the ledger; money in and out per day as a chart. */
const spec: ReportSpec<typeof endpoints.walletDailyReport> = {
  name: 'wallet-daily',
  endpoint: endpoints.walletDailyReport,
  fields: [],
  sorts: ['date'],
  defaultSort: 'date',
  query: ({ base: { from, to, page, page_size, dir } }) => ({ from, to, page, page_size, dir }),
  caption: 'All wallets day by day: opening, money in, money out and closing',
  columns: [dayColumn<Row>(true, true), ...walletColumns<Row>(false)],
  rowKey: (r) => r.date,
  empty: 'No days in this range.',
  totals: (a) => walletTotals(a.totals),
  extra: (_, { from, to }) => from < to && <MoneyByDay from={from} to={to} />,
};

export default function WalletDailyReport({ today }: ReportProps) {
  return <Report spec={spec} today={today} />;
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
