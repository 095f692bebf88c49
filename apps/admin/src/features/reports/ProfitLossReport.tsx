import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import { MAX_PAGE_SIZE } from '@gama/core/endpoints/reports/schemas';
import { Skeleton } from '@gama/ui/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { pointsLabel, pointsTick } from '../../components/charts/points.ts';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { countColumn, dayColumn, formatCount, marketColumns, Points, pointsColumn } from './columns.tsx';
import { Report, type ReportProps, type ReportSpec } from './Report.tsx';
import { bidFilters } from './ReportFilters.tsx';
import { bidQuery } from './bid-filters.ts';
import { pick, shiftDay } from './report-params.ts';
import styles from './ReportResults.module.css';

type Row = Answer<typeof endpoints.profitLossReport>['rows'][number];
type Query = CallInput<typeof endpoints.profitLossReport>;

const sorts = ['date', 'market', 'stakes', 'payouts', 'house_result'] as const;
/** The chart reads at most this many pages of rows (a year of 25 markets fits). */
const CHART_PAGES = 10;

/** Stakes, payouts and the house result per market day and market, with the house result per day as a chart. */
const spec: ReportSpec<typeof endpoints.profitLossReport> = {
  name: 'profit-loss',
  endpoint: endpoints.profitLossReport,
  fields: bidFilters,
  sorts,
  defaultSort: 'date',
  query: (table) => ({ ...table.base, sort: pick(table.base.sort, sorts), ...bidQuery(table.filters) }),
  caption: 'Profit and loss per day and market',
  columns: [
    dayColumn<Row>(),
    ...marketColumns<Row>(),
    countColumn<Row>('bids', 'Bids', (r) => r.bids),
    pointsColumn<Row>('stakes', 'Stakes', (r) => r.stakes_paise, { sort: 'stakes' }),
    pointsColumn<Row>('pending', 'Still to draw', (r) => r.pending_stakes_paise),
    countColumn<Row>('winning_bids', 'Winning bids', (r) => r.winning_bids),
    pointsColumn<Row>('payouts', 'Payouts', (r) => r.payouts_paise, { sort: 'payouts' }),
    pointsColumn<Row>('house_result', 'House result', (r) => r.house_result_paise, {
      sort: 'house_result',
      flow: 'signed',
    }),
  ],
  rowKey: (r) => `${r.date}-${r.market_id}`,
  empty: 'No bids on these days.',
  totals: (a) => ({
    bids: formatCount(a.totals.bids),
    stakes: <Points value={a.totals.stakes_paise} />,
    pending: <Points value={a.totals.pending_stakes_paise} />,
    winning_bids: formatCount(a.totals.winning_bids),
    payouts: <Points value={a.totals.payouts_paise} />,
    house_result: <Points value={a.totals.house_result_paise} flow="signed" />,
  }),
  // The chart's query is the table's without its page and sort: every row the filters select.
  extra: (_, { page: _page, page_size: _size, sort: _sort, dir: _dir, ...range }) =>
    range.from < range.to && <HouseByDay range={range} />,
};

export default function ProfitLossReport(props: ReportProps) {
  return <Report spec={spec} {...props} />;
}

type ChartQuery = Omit<Query, 'page' | 'page_size' | 'sort' | 'dir'>;

/** The house result of each day of the range (every market the filters select, summed). */
function HouseByDay({ range }: { range: ChartQuery & { from: string; to: string } }) {
  const days = useQuery({
    queryKey: ['reports', 'profit-loss', 'by-day', range],
    queryFn: async ({ signal }) => {
      const byDay = new Map<string, number>();
      let complete = false;
      for (let page = 1; page <= CHART_PAGES; page += 1) {
        const answer = await call(
          endpoints.profitLossReport,
          { ...range, page, page_size: MAX_PAGE_SIZE, sort: 'date', dir: 'asc' },
          { signal },
        );
        for (const row of answer.rows)
          byDay.set(row.date, (byDay.get(row.date) ?? 0) + row.house_result_paise);
        if (page * MAX_PAGE_SIZE >= answer.total_rows) {
          complete = true;
          break;
        }
      }
      return { byDay, complete };
    },
  });
  const points = [];
  for (let day = range.from; day <= range.to; day = shiftDay(day, 1)) {
    points.push({
      key: day,
      label: formatDay(day).slice(0, 6),
      name: formatDay(day),
      values: [days.data?.byDay.get(day) ?? 0],
    });
  }
  return (
    <Panel title="House result per day">
      {days.data && !days.data.complete && (
        <p className={styles.note}>
          The chart shows the first {formatCount(CHART_PAGES * MAX_PAGE_SIZE)} rows.
        </p>
      )}
      {days.error !== null && <ErrorNotice error={days.error} onRetry={() => void days.refetch()} />}
      {days.data ? (
        <BarChart
          title="House result per day: stakes less payouts"
          series={[{ name: 'House result', tone: 'in' }]}
          points={points}
          format={pointsLabel}
          formatTick={pointsTick}
          signTones
          height={180}
        />
      ) : (
        days.isPending && <Skeleton height={180} radius={8} />
      )}
    </Panel>
  );
}
