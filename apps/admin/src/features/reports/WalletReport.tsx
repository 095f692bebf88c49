import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import type { Column } from '../../components/DataTable.tsx';
import { urlOf } from '../../lib/api-client.ts';
import { countOf, playerColumn } from './columns.tsx';
import { filterParams, ReportFilters, type FilterField } from './ReportFilters.tsx';
import { idFilter, pick, useReport, useReportTable } from './report-params.ts';
import { ReportResults } from './ReportResults.tsx';
import { walletColumns, walletTotals } from './wallet-columns.tsx';

type Row = Answer<typeof endpoints.walletReport>['rows'][number];
type Query = CallInput<typeof endpoints.walletReport>;

const sorts = ['player', 'opening', 'money_in', 'money_out', 'closing'] as const;
const fields: readonly FilterField[] = ['player'];

/** Each player's wallet over the range, from the ledger: opening, money in, money out, closing. */
export default function WalletReport({ today }: { today: string }) {
  const table = useReportTable({ today, filters: filterParams(fields), sorts, defaultSort: 'player' });
  const query: Query = {
    ...table.base,
    sort: pick(table.base.sort, sorts),
    player_id: idFilter(table.filters.player_id ?? ''),
  };
  const report = useReport('wallet', endpoints.walletReport, query);
  const columns: Column<Row>[] = [playerColumn<Row>('player'), ...walletColumns<Row>(true)];

  return (
    <>
      <ReportFilters table={table} today={today} fields={fields} />
      <ReportResults
        caption="Wallet report: each player's opening, money in, money out and closing"
        query={report}
        table={table}
        columns={columns}
        rowKey={(r) => r.player_id}
        empty="No wallet had money in it or moving on these days."
        csvHref={urlOf(endpoints.walletReport, { ...query, format: 'csv' })}
        csvName={`wallet-${query.from}-${query.to}.csv`}
        totals={(a) => ({ player: countOf(a.totals.players, 'player'), ...walletTotals(a.totals) })}
      />
    </>
  );
}
