import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import type { Column } from '../../components/DataTable.tsx';
import { urlOf } from '../../lib/api-client.ts';
import { bidQuery } from './bid-filters.ts';
import { countColumn, countOf, formatCount, playerColumn, Points, pointsColumn } from './columns.tsx';
import {
  bidFilters,
  filterParams,
  ReportFilters,
  type FilterField,
  type MarketOption,
} from './ReportFilters.tsx';
import { idFilter, pick, useReport, useReportTable } from './report-params.ts';
import { ReportResults } from './ReportResults.tsx';

type Row = Answer<typeof endpoints.customerSellReport>['rows'][number];
type Query = CallInput<typeof endpoints.customerSellReport>;

const sorts = ['player', 'bids', 'stakes', 'payouts', 'player_net'] as const;
const fields: readonly FilterField[] = [...bidFilters, 'player'];

/** Each player's bids, stakes, wins and what they came out with. */
export default function CustomerSellReport({
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
    defaultSort: 'stakes',
    defaultDir: 'desc',
  });
  const query: Query = {
    ...table.base,
    sort: pick(table.base.sort, sorts),
    ...bidQuery(table.filters),
    player_id: idFilter(table.filters.player_id ?? ''),
  };
  const report = useReport('customer-sell', endpoints.customerSellReport, query);

  const columns: Column<Row>[] = [
    playerColumn<Row>('player'),
    countColumn<Row>('bids', 'Bids', (r) => r.bids, 'bids'),
    pointsColumn<Row>('stakes', 'Stakes', (r) => r.stakes_paise, { sort: 'stakes' }),
    countColumn<Row>('winning_bids', 'Winning bids', (r) => r.winning_bids),
    pointsColumn<Row>('payouts', 'Payouts', (r) => r.payouts_paise, { sort: 'payouts' }),
    pointsColumn<Row>('player_net', 'Player net', (r) => r.player_net_paise, {
      sort: 'player_net',
      flow: 'signed',
    }),
  ];

  return (
    <>
      <ReportFilters table={table} today={today} fields={fields} markets={markets} />
      <ReportResults
        caption="Customer sell report: each player's bids and wins"
        query={report}
        table={table}
        columns={columns}
        rowKey={(r) => r.player_id}
        empty="No player bid on these days."
        csvHref={urlOf(endpoints.customerSellReport, { ...query, format: 'csv' })}
        csvName={`customer-sell-${query.from}-${query.to}.csv`}
        totals={(a) => ({
          player: countOf(a.totals.players, 'player'),
          bids: formatCount(a.totals.bids),
          stakes: <Points value={a.totals.stakes_paise} />,
          winning_bids: formatCount(a.totals.winning_bids),
          payouts: <Points value={a.totals.payouts_paise} />,
          player_net: <Points value={a.totals.player_net_paise} flow="signed" />,
        })}
      />
    </>
  );
}
