import { endpoints } from '@gama/core/endpoints';
import { auditSorts } from '@gama/core/endpoints/audit/index';
import type { Answer } from '@gama/core/endpoints/define';
import { Dialog } from '@gama/ui/Dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { listTable } from '../../components/list-table.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call, urlOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCan } from '../../lib/session.ts';
import { useTableParams } from '../../lib/table-params.ts';
import { ListFilters, type FilterField } from '../../shared/filters/FilterFields.tsx';
import { timeColumn } from '../../shared/columns.ts';
import { actionLabel } from './action-labels.ts';
import { ChainCheck } from './ChainCheck.tsx';
import { CheckpointPanel } from './CheckpointPanel.tsx';
import styles from './AuditScreen.module.css';

type AuditRow = Answer<typeof endpoints.auditList>['rows'][number];
type AuditSort = (typeof auditSorts)[number];

const filterNames = ['operator_id', 'action', 'player_id', 'from', 'to'] as const;

const isAuditSort = (key: string): key is AuditSort => (auditSorts as readonly string[]).includes(key);

/** Every operator action and sign-in: who, when, from where, what, before and after. */
export default function AuditScreen() {
  const table = useTableParams({ filters: filterNames, defaultSort: 'at' });
  const [open, setOpen] = useState<AuditRow | null>(null);
  const canListOperators = useCan('operators.manage');
  const canVerify = useCan('audit.verify');

  const query = {
    ...table.activeFilters,
    sort: isAuditSort(table.sort) ? table.sort : 'at',
    dir: table.dir,
  };
  const rows = useQuery({
    queryKey: ['audit', query, table.page, table.pageSize],
    queryFn: ({ signal }) =>
      call(endpoints.auditList, { ...query, page: table.page, page_size: table.pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
  const actions = useQuery({
    queryKey: ['audit', 'actions'],
    queryFn: ({ signal }) => call(endpoints.auditActions, {}, { signal }),
    staleTime: 300_000,
  });
  const operators = useQuery({
    queryKey: ['operators'],
    queryFn: ({ signal }) => call(endpoints.operatorsList, {}, { signal }),
    enabled: canListOperators,
  });

  const columns: Column<AuditRow>[] = [
    timeColumn('at', 'Time', (r) => r.at, 'at'),
    {
      id: 'operator',
      header: 'Operator',
      sort: 'operator',
      primary: true,
      cell: (r) => r.username ?? '—',
      csv: (r) => r.username,
    },
    {
      id: 'action',
      header: 'Action',
      sort: 'action',
      cell: (r) => actionLabel(r.action),
      csv: (r) => r.action,
    },
    {
      id: 'target',
      header: 'Target',
      cell: (r) => (r.target_type ? `${r.target_type} ${r.target_id ?? ''}` : '—'),
      csv: (r) => (r.target_type ? `${r.target_type} ${r.target_id ?? ''}` : null),
    },
    {
      id: 'player',
      header: 'Player',
      cell: (r) => (r.player_id === null ? '—' : <Link to={`/players/${r.player_id}`}>#{r.player_id}</Link>),
      csv: (r) => r.player_id,
    },
    { id: 'ip', header: 'From', cell: (r) => r.ip ?? '—', csv: (r) => r.ip },
  ];

  const operatorOptions = [
    { value: '', label: 'Any operator' },
    ...(operators.data?.operators.map((o) => ({ value: String(o.id), label: o.username })) ?? []),
  ];
  const actionOptions = [
    { value: '', label: 'Any action' },
    ...(actions.data?.actions.map((a) => ({ value: a, label: actionLabel(a) })) ?? []),
  ];
  const fields: ReadonlyArray<FilterField<(typeof filterNames)[number]>> = [
    canListOperators
      ? { kind: 'choice', name: 'operator_id', label: 'Operator', options: operatorOptions }
      : { kind: 'digits', name: 'operator_id', label: 'Operator id' },
    { kind: 'choice', name: 'action', label: 'Action', options: actionOptions },
    { kind: 'digits', name: 'player_id', label: 'Player id' },
    { kind: 'date', name: 'from', label: 'From' },
    { kind: 'date', name: 'to', label: 'To' },
  ];

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every operator action and every sign-in, newest first. Click a row for before and after."
        actions={
          <ExportButton href={urlOf(endpoints.auditList, { ...query, format: 'csv' })} filename="audit.csv" />
        }
      />
      {canVerify && <ChainCheck />}
      {canVerify && <CheckpointPanel />}
      <ListFilters table={table} fields={fields} />
      <DataTable
        caption="Audit log"
        columns={columns}
        rowKey={(r) => r.id}
        empty="No audit entries match these filters."
        {...listTable(rows, table, table.sort)}
        onOpen={setOpen}
        rowTone={(r) => (r.action.endsWith('failed') ? 'danger' : undefined)}
      />
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title="Audit entry"
        className={styles.detail}
      >
        {open && <AuditDetail row={open} />}
      </Dialog>
    </>
  );
}

function AuditDetail({ row }: { row: AuditRow }) {
  const facts: Array<[string, string]> = [
    ['Time', formatDateTime(row.at)],
    ['Operator', row.username ?? '—'],
    ['Action', actionLabel(row.action)],
    ['Target', row.target_type ? `${row.target_type} ${row.target_id ?? ''}` : '—'],
    ['From', row.ip ?? '—'],
    ['Browser', row.user_agent ?? '—'],
    ['Request id', row.request_id ?? '—'],
  ];
  return (
    <div className={styles.detailBody}>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Json title="Before" value={row.before} />
      <Json title="After" value={row.after} />
      {Object.keys(row.detail).length > 0 && <Json title="Detail" value={row.detail} />}
    </div>
  );
}

function Json({ title, value }: { title: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <section>
      <h3 className={styles.jsonTitle}>{title}</h3>
      <pre className={styles.json}>{JSON.stringify(value, null, 2)}</pre>
    </section>
  );
}
