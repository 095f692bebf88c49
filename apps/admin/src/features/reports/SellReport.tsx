import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import type { Column } from '../../components/DataTable.tsx';
import { urlOf } from '../../lib/api-client.ts';
import { bidQuery } from './bid-filters.ts';
import { countColumn, dayColumn, formatCount, marketColumns, Points, pointsColumn } from './columns.tsx';
import { sessionNames } from './labels.ts';
import { bidFilters, filterParams, ReportFilters, type MarketOption } from './ReportFilters.tsx';
import { pick, useReport, useReportTable } from './report-params.ts';
import { ReportResults } from './ReportResults.tsx';

type Row = Answer<typeof endpoints.sellReport>['rows'][number];
type Query = CallInput<typeof endpoints.sellReport>;

const sorts = ['date', 'market', 'bet_type', 'bids', 'stakes'] as const;

/** Bids and stakes per market day, market, bet type and session. */
export default function SellReport({ today, markets }: { today: string; markets?: readonly MarketOption[] }) {
  const table = useReportTable({ today, filters: filterParams(bidFilters), sorts, defaultSort: 'date' });
  const query: Query = { ...table.base, sort: pick(table.base.sort, sorts), ...bidQuery(table.filters) };
  const report = useReport('sell', endpoints.sellReport, query);

  const columns: Column<Row>[] = [
    dayColumn<Row>(),
    ...marketColumns<Row>(),
    { id: 'bet_type', header: 'Bet type', sort: 'bet_type', cell: (r) => r.bet_label },
    { id: 'session', header: 'Session', cell: (r) => sessionNames[r.session] },
    countColumn<Row>('bids', 'Bids', (r) => r.bids, 'bids'),
    pointsColumn<Row>('stakes', 'Stakes', (r) => r.stakes_paise, { sort: 'stakes' }),
  ];

  return (
    <>
      <ReportFilters table={table} today={today} fields={bidFilters} markets={markets} />
      <ReportResults
        caption="Sell report: bids and stakes"
        query={report}
        table={table}
        columns={columns}
        rowKey={(r) => `${r.date}-${r.market_id}-${r.bet_type}-${r.session}`}
        empty="No bids on these days."
        csvHref={urlOf(endpoints.sellReport, { ...query, format: 'csv' })}
        csvName={`sell-${query.from}-${query.to}.csv`}
        totals={(a) => ({
          bids: formatCount(a.totals.bids),
          stakes: <Points value={a.totals.stakes_paise} />,
        })}
      />
    </>
  );
}
