import { endpoints } from '@gama/core/endpoints';
import type { StatementSummary } from '@gama/core/endpoints/reconciliation/index';
import { Button } from '@gama/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { statementsKey } from './outcomes.ts';
import styles from './ReconciliationScreen.module.css';

export function statementName(s: Pick<StatementSummary, 'id' | 'filename'>): string {
  return s.filename || `Statement #${s.id}`;
}

/** Every uploaded statement, newest first, with its counts as of now (an approval elsewhere shows at once). */
export function StatementList({ onOpen }: { onOpen: (id: number) => void }) {
  const list = useQuery({
    queryKey: statementsKey,
    queryFn: ({ signal }) => call(endpoints.statements, {}, { signal }),
  });

  const count = (n: number) => <span className="tabular">{n}</span>;
  const columns: Column<StatementSummary>[] = [
    { id: 'file', header: 'File', primary: true, cell: (s) => statementName(s) },
    {
      id: 'uploaded',
      header: 'Uploaded',
      cell: (s) => (
        <span className={styles.stack}>
          {formatDateTime(s.uploaded_at)}
          <span className={styles.muted}>{s.uploaded_by?.username ?? '—'}</span>
        </span>
      ),
    },
    { id: 'lines', header: 'Lines', align: 'end', cell: (s) => count(s.counts.lines) },
    { id: 'matched', header: 'Matched', align: 'end', cell: (s) => count(s.counts.matched) },
    {
      id: 'to_approve',
      header: 'To approve',
      align: 'end',
      cell: (s) => <strong className="tabular">{s.counts.to_approve}</strong>,
    },
    { id: 'mismatched', header: 'Mismatched', align: 'end', cell: (s) => count(s.counts.mismatched) },
    { id: 'unmatched', header: 'Unmatched', align: 'end', cell: (s) => count(s.counts.unmatched) },
  ];

  return (
    <Panel title="Uploaded statements">
      <DataTable
        caption="Uploaded statements"
        columns={columns}
        rows={list.data?.statements}
        rowKey={(s) => s.id}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty="No statement has been uploaded yet."
        onOpen={(s) => onOpen(s.id)}
        rowTone={(s) => (s.counts.to_approve > 0 ? 'warning' : undefined)}
        actions={(s) => (
          <Button small variant="outline" onClick={() => onOpen(s.id)}>
            Open
          </Button>
        )}
      />
    </Panel>
  );
}
