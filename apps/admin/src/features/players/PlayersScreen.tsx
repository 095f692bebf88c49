import { formatPaiseDecimal } from '@gama/core/rules/money';
import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { listTable } from '../../components/list-table.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { Money } from '../../components/Money.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call, urlOf } from '../../lib/api-client.ts';
import { useTableParams } from '../../lib/table-params.ts';
import { anyOr, ListFilters, type FilterField } from '../../shared/filters/FilterFields.tsx';
import { timeColumn } from '../../shared/columns.ts';
import { PlayerFlags } from './PlayerFlags.tsx';
import styles from './PlayersScreen.module.css';

type Player = Answer<typeof endpoints.adminPlayers>['rows'][number];
type Query = CallInput<typeof endpoints.adminPlayers>;
type Sort = NonNullable<Query['sort']>;
const sorts: readonly Sort[] = ['id', 'user_name', 'mobile', 'created_at', 'wallet'];
const filterNames = ['q', 'betting_status', 'blocked'] as const;
const fields: ReadonlyArray<FilterField<(typeof filterNames)[number]>> = [
  { kind: 'text', name: 'q', label: 'Phone, name or id', search: true },
  { kind: 'choice', name: 'betting_status', label: 'Betting', options: anyOr(['1', 'On'], ['0', 'Off']) },
  {
    kind: 'choice',
    name: 'blocked',
    label: 'Blocked',
    options: anyOr(['true', 'Blocked'], ['false', 'Not blocked']),
  },
];

/** Find a player by phone, name or id; Enter or a click opens their page. */
export default function PlayersScreen() {
  const navigate = useNavigate();
  const table = useTableParams({ filters: filterNames, defaultSort: 'id' });
  const sort = (sorts.includes(table.sort as Sort) ? table.sort : 'id') as Sort;
  const query: Query = {
    sort,
    dir: table.dir,
    ...(table.filters.q ? { q: table.filters.q } : {}),
    ...(table.filters.betting_status === '0' || table.filters.betting_status === '1'
      ? { betting_status: table.filters.betting_status }
      : {}),
    ...(table.filters.blocked === 'true' || table.filters.blocked === 'false'
      ? { blocked: table.filters.blocked }
      : {}),
  };
  const list = useQuery({
    queryKey: ['players', query, table.page, table.pageSize],
    queryFn: ({ signal }) =>
      call(endpoints.adminPlayers, { ...query, page: table.page, page_size: table.pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });

  const columns: Column<Player>[] = [
    { id: 'id', header: 'Id', sort: 'id', cell: (p) => `#${p.id}`, csv: (p) => p.id },
    {
      id: 'user_name',
      header: 'Name',
      sort: 'user_name',
      primary: true,
      cell: (p) => p.user_name,
      csv: (p) => p.user_name,
    },
    {
      id: 'mobile',
      header: 'Phone',
      sort: 'mobile',
      cell: (p) => <span className="tabular">{p.mobile}</span>,
      csv: (p) => p.mobile,
    },
    {
      id: 'wallet',
      header: 'Wallet',
      sort: 'wallet',
      align: 'end',
      cell: (p) => (
        <span className={styles.wallet}>
          <Money paise={p.wallet_paise} />
          {p.debt_paise > 0 && (
            <span className="money-out">
              debt <Money paise={p.debt_paise} />
            </span>
          )}
        </span>
      ),
      csv: (p) => formatPaiseDecimal(p.wallet_paise),
    },
    {
      id: 'flags',
      header: 'Flags',
      cell: (p) => <PlayerFlags player={p} />,
      csv: (p) => `betting ${p.betting_status === '1' ? 'on' : 'off'}${p.blocked ? ', blocked' : ''}`,
    },
    timeColumn('created_at', 'Joined', (p) => p.created_at, 'created_at'),
    timeColumn('seen', 'Last active', (p) => p.last_seen_at),
  ];

  return (
    <>
      <PageHeader
        title="Players"
        description="Search by phone, name or id. Open a player for their money history and actions."
        actions={
          <ExportButton
            href={urlOf(endpoints.adminPlayers, { ...query, format: 'csv' })}
            filename="players.csv"
          />
        }
      />
      <ListFilters table={table} fields={fields} label="Player search" foldOnPhone />
      <DataTable
        caption="Players"
        columns={columns}
        rowKey={(p) => p.id}
        empty="No players match."
        {...listTable(list, table, sort)}
        onOpen={(p) => void navigate(`/players/${p.id}`)}
      />
    </>
  );
}
