import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { PlayerCell } from '../../components/PlayerCell.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { playerQuery } from './bid-filters.ts';
import { countOf, Points, pointsColumn } from './columns.tsx';
import { Report, type ReportProps, type ReportSpec } from './Report.tsx';
import { pick } from './report-params.ts';

type Row = Answer<typeof endpoints.transferReport>['rows'][number];

const sorts = ['date', 'amount'] as const;

/** Points transfers between players; a player filter finds what they sent and received. */
const spec: ReportSpec<typeof endpoints.transferReport> = {
  name: 'transfers',
  endpoint: endpoints.transferReport,
  fields: ['player'],
  sorts,
  defaultSort: 'date',
  defaultDir: 'desc',
  query: (table) => ({
    ...table.base,
    sort: pick(table.base.sort, sorts),
    ...playerQuery(table.filters),
  }),
  caption: 'Transfer report: points sent between players',
  columns: [
    { id: 'at', header: 'Time', sort: 'date', cell: (r) => formatDateTime(r.at) },
    {
      id: 'from',
      header: 'From',
      primary: true,
      cell: (r) => (
        <PlayerCell player={{ id: r.from_player_id, user_name: r.from_name, mobile: r.from_mobile }} />
      ),
    },
    {
      id: 'to',
      header: 'To',
      cell: (r) => <PlayerCell player={{ id: r.to_player_id, user_name: r.to_name, mobile: r.to_mobile }} />,
    },
    pointsColumn<Row>('amount', 'Amount', (r) => r.amount_paise, { sort: 'amount' }),
    {
      id: 'id',
      header: 'Transfer',
      align: 'end',
      cell: (r) => <span className="tabular">#{r.transfer_id}</span>,
    },
  ],
  rowKey: (r) => r.transfer_id,
  empty: 'No transfers on these days.',
  totals: (a) => ({
    from: countOf(a.totals.transfers, 'transfer'),
    amount: <Points value={a.totals.amount_paise} />,
  }),
};

export default function TransferReport({ today }: ReportProps) {
  return <Report spec={spec} today={today} />;
}
