import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import type { Column } from '../../components/DataTable.tsx';
import { PlayerCell } from '../../components/PlayerCell.tsx';
import { urlOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { countOf, Points, pointsColumn } from './columns.tsx';
import { filterParams, ReportFilters, type FilterField } from './ReportFilters.tsx';
import { idFilter, pick, useReport, useReportTable } from './report-params.ts';
import { ReportResults } from './ReportResults.tsx';

type Row = Answer<typeof endpoints.transferReport>['rows'][number];
type Query = CallInput<typeof endpoints.transferReport>;

const sorts = ['date', 'amount'] as const;
const fields: readonly FilterField[] = ['player'];

/** Points transfers between players; a player filter finds what they sent and received. */
export default function TransferReport({ today }: { today: string }) {
  const table = useReportTable({
    today,
    filters: filterParams(fields),
    sorts,
    defaultSort: 'date',
    defaultDir: 'desc',
  });
  const query: Query = {
    ...table.base,
    sort: pick(table.base.sort, sorts),
    player_id: idFilter(table.filters.player_id ?? ''),
  };
  const report = useReport('transfers', endpoints.transferReport, query);

  const columns: Column<Row>[] = [
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
  ];

  return (
    <>
      <ReportFilters table={table} today={today} fields={fields} />
      <ReportResults
        caption="Transfer report: points sent between players"
        query={report}
        table={table}
        columns={columns}
        rowKey={(r) => r.transfer_id}
        empty="No transfers on these days."
        csvHref={urlOf(endpoints.transferReport, { ...query, format: 'csv' })}
        csvName={`transfers-${query.from}-${query.to}.csv`}
        totals={(a) => ({
          from: countOf(a.totals.transfers, 'transfer'),
          amount: <Points value={a.totals.amount_paise} />,
        })}
      />
    </>
  );
}
