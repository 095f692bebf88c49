import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

type Row = Answer<typeof endpoints.adminSupportStats>['operators'][number];

const DAYS = 30;

/** Seconds as the dashboard reads them: "4 min", "2 h 05 min". */
export function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const columns: Column<Row>[] = [
  { id: 'operator', header: 'Operator', primary: true, cell: (r) => r.operator.username },
  { id: 'first', header: 'First answers', align: 'end', cell: (r) => r.first_responses },
  {
    id: 'first_time',
    header: 'Mean first response',
    align: 'end',
    cell: (r) => duration(r.first_response_seconds),
  },
  { id: 'resolved', header: 'Closed', align: 'end', cell: (r) => r.resolved },
  { id: 'resolution', header: 'Mean resolution', align: 'end', cell: (r) => duration(r.resolution_seconds) },
];

/** The dashboard's support panel (shared: the dashboard shows it, the support feature owns the data): how fast each operator answers and closes, over the last 30 days. */
export function SupportTimes() {
  const stats = useQuery({
    queryKey: ['support', 'stats', DAYS],
    queryFn: ({ signal }) => call(endpoints.adminSupportStats, { days: DAYS }, { signal }),
  });
  return (
    <Panel title={`Support, last ${DAYS} days`}>
      {stats.isError ? (
        <ErrorNotice error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          {stats.data && <p>{stats.data.unanswered} open conversations not answered yet.</p>}
          <DataTable
            caption="Support response times per operator"
            columns={columns}
            rows={stats.data?.operators ?? []}
            rowKey={(r) => r.operator.id}
            empty="No conversations answered in this period."
          />
        </>
      )}
    </Panel>
  );
}
