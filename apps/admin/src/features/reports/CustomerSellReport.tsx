import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { bidQuery, playerQuery } from './bid-filters.ts';
import { countColumn, countOf, formatCount, playerColumn, Points, pointsColumn } from './columns.tsx';
import { Report, type ReportProps, type ReportSpec } from './Report.tsx';
import { bidFilters } from './ReportFilters.tsx';
import { pick } from './report-params.ts';

type Row = Answer<typeof endpoints.customerSellReport>['rows'][number];

const sorts = ['player', 'bids', 'stakes', 'payouts', 'player_net'] as const;

/** Each player's bids, stakes, wins and what they came out with. */
const spec: ReportSpec<typeof endpoints.customerSellReport> = {
  name: 'customer-sell',
  endpoint: endpoints.customerSellReport,
  fields: [...bidFilters, 'player'],
  sorts,
  defaultSort: 'stakes',
  defaultDir: 'desc',
  query: (table) => ({
    ...table.base,
    sort: pick(table.base.sort, sorts),
    ...bidQuery(table.filters),
    ...playerQuery(table.filters),
  }),
  caption: "Customer sell report: each player's bids and wins",
  columns: [
    playerColumn<Row>('player'),
    countColumn<Row>('bids', 'Bids', (r) => r.bids, 'bids'),
    pointsColumn<Row>('stakes', 'Stakes', (r) => r.stakes_paise, { sort: 'stakes' }),
    countColumn<Row>('winning_bids', 'Winning bids', (r) => r.winning_bids),
    pointsColumn<Row>('payouts', 'Payouts', (r) => r.payouts_paise, { sort: 'payouts' }),
    pointsColumn<Row>('player_net', 'Player net', (r) => r.player_net_paise, {
      sort: 'player_net',
      flow: 'signed',
    }),
  ],
  rowKey: (r) => r.player_id,
  empty: 'No player bid on these days.',
  totals: (a) => ({
    player: countOf(a.totals.players, 'player'),
    bids: formatCount(a.totals.bids),
    stakes: <Points value={a.totals.stakes_paise} />,
    winning_bids: formatCount(a.totals.winning_bids),
    payouts: <Points value={a.totals.payouts_paise} />,
    player_net: <Points value={a.totals.player_net_paise} flow="signed" />,
  }),
};

export default function CustomerSellReport(props: ReportProps) {
  return <Report spec={spec} {...props} />;
}
