import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { bidQuery } from './bid-filters.ts';
import { countColumn, dayColumn, formatCount, marketColumns, Points, pointsColumn } from './columns.tsx';
import { sessionNames } from './labels.ts';
import { Report, type ReportProps, type ReportSpec } from './Report.tsx';
import { bidFilters } from './ReportFilters.tsx';
import { pick } from './report-params.ts';

type Row = Answer<typeof endpoints.sellReport>['rows'][number];

const sorts = ['date', 'market', 'bet_type', 'bids', 'stakes'] as const;

/** Bids and stakes per market day, market, bet type and session. */
const spec: ReportSpec<typeof endpoints.sellReport> = {
  name: 'sell',
  endpoint: endpoints.sellReport,
  fields: bidFilters,
  sorts,
  defaultSort: 'date',
  query: (table) => ({ ...table.base, sort: pick(table.base.sort, sorts), ...bidQuery(table.filters) }),
  caption: 'Sell report: bids and stakes',
  columns: [
    dayColumn<Row>(),
    ...marketColumns<Row>(),
    { id: 'bet_type', header: 'Bet type', sort: 'bet_type', cell: (r) => r.bet_label },
    { id: 'session', header: 'Session', cell: (r) => sessionNames[r.session] },
    countColumn<Row>('bids', 'Bids', (r) => r.bids, 'bids'),
    pointsColumn<Row>('stakes', 'Stakes', (r) => r.stakes_paise, { sort: 'stakes' }),
  ],
  rowKey: (r) => `${r.date}-${r.market_id}-${r.bet_type}-${r.session}`,
  empty: 'No bids on these days.',
  totals: (a) => ({
    bids: formatCount(a.totals.bids),
    stakes: <Points value={a.totals.stakes_paise} />,
  }),
};

export default function SellReport(props: ReportProps) {
  return <Report spec={spec} {...props} />;
}
