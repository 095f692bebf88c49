import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import type { Column } from '../../components/DataTable.tsx';
import { urlOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { bidQuery } from './bid-filters.ts';
import { dayColumn, countOf, marketColumns, playerColumn, Points, pointsColumn } from './columns.tsx';
import { numberOf } from '../../lib/labels.ts';
import { sessionNames } from './labels.ts';
import {
  bidFilters,
  filterParams,
  ReportFilters,
  type FilterField,
  type MarketOption,
} from './ReportFilters.tsx';
import { idFilter, pick, useReport, useReportTable } from './report-params.ts';
import { ReportResults } from './ReportResults.tsx';
import styles from './ReportResults.module.css';

type Row = Answer<typeof endpoints.winningReport>['rows'][number];
type Query = CallInput<typeof endpoints.winningReport>;

const sorts = ['date', 'market', 'payout', 'points'] as const;
const fields: readonly FilterField[] = [...bidFilters, 'player'];

/** Every winning bid with its player and payout. */
export default function WinningReport({
  today,
  markets,
}: {
  today: string;
  markets?: readonly MarketOption[];
}) {
  const table = useReportTable({
    today,
    filters: filterParams(fields),
    sorts,
    defaultSort: 'payout',
    defaultDir: 'desc',
  });
  const query: Query = {
    ...table.base,
    sort: pick(table.base.sort, sorts),
    ...bidQuery(table.filters),
    player_id: idFilter(table.filters.player_id ?? ''),
  };
  const report = useReport('winning', endpoints.winningReport, query);

  const columns: Column<Row>[] = [
    dayColumn<Row>(),
    ...marketColumns<Row>().map((c) => ({ ...c, primary: false })),
    playerColumn<Row>(),
    {
      id: 'bet',
      header: 'Bet',
      cell: (r) => (
        <span>
          <strong className="tabular">{numberOf(r)}</strong> {r.bet_label}
          {r.group === 'main' && <span className={styles.muted}> · {sessionNames[r.session]}</span>}
        </span>
      ),
    },
    { id: 'result', header: 'Result', cell: (r) => <span className="tabular">{r.result}</span> },
    pointsColumn<Row>('points', 'Stake', (r) => r.points_paise, { sort: 'points' }),
    pointsColumn<Row>('payout', 'Payout', (r) => r.payout_paise, { sort: 'payout' }),
    { id: 'placed', header: 'Placed', cell: (r) => formatDateTime(r.placed_at) },
  ];

  return (
    <>
      <ReportFilters table={table} today={today} fields={fields} markets={markets} />
      <ReportResults
        caption="Winning report: winning bids and payouts"
        query={report}
        table={table}
        columns={columns}
        rowKey={(r) => r.bid_id}
        empty="No winning bids on these days."
        csvHref={urlOf(endpoints.winningReport, { ...query, format: 'csv' })}
        csvName={`winning-${query.from}-${query.to}.csv`}
        totals={(a) => ({
          player: countOf(a.totals.winners, 'winner'),
          bet: countOf(a.totals.winning_bids, 'winning bid'),
          payout: <Points value={a.totals.payout_paise} />,
        })}
      />
    </>
  );
}
