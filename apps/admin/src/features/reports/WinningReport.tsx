import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { formatDateTime } from '../../lib/format.ts';
import { numberOf } from '../../lib/labels.ts';
import { bidQuery, playerQuery } from './bid-filters.ts';
import { dayColumn, countOf, marketColumns, playerColumn, Points, pointsColumn } from './columns.tsx';
import { sessionNames } from './labels.ts';
import { Report, type ReportProps, type ReportSpec } from './Report.tsx';
import { bidFilters } from './ReportFilters.tsx';
import { pick } from './report-params.ts';
import styles from './ReportResults.module.css';

type Row = Answer<typeof endpoints.winningReport>['rows'][number];

const sorts = ['date', 'market', 'payout', 'points'] as const;

/** Every winning bid with its player and payout. */
const spec: ReportSpec<typeof endpoints.winningReport> = {
  name: 'winning',
  endpoint: endpoints.winningReport,
  fields: [...bidFilters, 'player'],
  sorts,
  defaultSort: 'payout',
  defaultDir: 'desc',
  query: (table) => ({
    ...table.base,
    sort: pick(table.base.sort, sorts),
    ...bidQuery(table.filters),
    ...playerQuery(table.filters),
  }),
  caption: 'Winning report: winning bids and payouts',
  columns: [
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
  ],
  rowKey: (r) => r.bid_id,
  empty: 'No winning bids on these days.',
  totals: (a) => ({
    player: countOf(a.totals.winners, 'winner'),
    bet: countOf(a.totals.winning_bids, 'winning bid'),
    payout: <Points value={a.totals.payout_paise} />,
  }),
};

export default function WinningReport(props: ReportProps) {
  return <Report spec={spec} {...props} />;
}
