import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { playerQuery } from './bid-filters.ts';
import { countOf, playerColumn } from './columns.tsx';
import { Report, type ReportProps, type ReportSpec } from './Report.tsx';
import { pick } from './report-params.ts';
import { walletColumns, walletTotals } from './wallet-columns.tsx';

type Row = Answer<typeof endpoints.walletReport>['rows'][number];

const sorts = ['player', 'opening', 'money_in', 'money_out', 'closing'] as const;

/** Each player's wallet over the range, from the ledger: opening, money in, money out, closing. */
const spec: ReportSpec<typeof endpoints.walletReport> = {
  name: 'wallet',
  endpoint: endpoints.walletReport,
  fields: ['player'],
  sorts,
  defaultSort: 'player',
  query: (table) => ({
    ...table.base,
    sort: pick(table.base.sort, sorts),
    ...playerQuery(table.filters),
  }),
  caption: "Wallet report: each player's opening, money in, money out and closing",
  columns: [playerColumn<Row>('player'), ...walletColumns<Row>(true)],
  rowKey: (r) => r.player_id,
  empty: 'No wallet had money in it or moving on these days.',
  totals: (a) => ({ player: countOf(a.totals.players, 'player'), ...walletTotals(a.totals) }),
};

export default function WalletReport({ today }: ReportProps) {
  return <Report spec={spec} today={today} />;
}
