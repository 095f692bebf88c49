import { formatPaiseDecimal } from '@gama/core/rules/money';
import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listTable } from '../../components/list-table.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { Money } from '../../components/Money.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../lib/format.ts';
import { stateOf } from '../../lib/labels.ts';
import { useTableParams } from '../../lib/table-params.ts';
import { timeColumn } from '../../shared/columns.ts';
import styles from './PlayerScreen.module.css';

export const playerTabs = [
  { id: 'passbook', label: 'Passbook' },
  { id: 'bids', label: 'Bids' },
  { id: 'wins', label: 'Wins' },
  { id: 'deposits', label: 'Deposits' },
  { id: 'withdrawals', label: 'Withdrawals' },
  { id: 'transfers', label: 'Transfers' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'payout-methods', label: 'Payout methods' },
] as const;
export type PlayerTab = (typeof playerTabs)[number]['id'];

type ListAnswer<R> = { rows: R[]; total: number };

/** One tab's rows, paged by the server with the page in the URL; CSV of the rows shown. */
function SubList<R>({
  name,
  playerId,
  load,
  columns,
  rowKey,
  empty,
}: {
  name: string;
  playerId: number;
  load: (
    input: { id: number; page: number; page_size: number },
    signal: AbortSignal,
  ) => Promise<ListAnswer<R>>;
  columns: Column<R>[];
  rowKey: (row: R) => string | number;
  empty: string;
}) {
  const table = useTableParams({ filters: [] as const, defaultSort: 'id' });
  const list = useQuery({
    queryKey: ['player', playerId, name, table.page, table.pageSize],
    queryFn: ({ signal }) => load({ id: playerId, page: table.page, page_size: table.pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <div className={styles.tab}>
      <div className={styles.tabTools}>
        <ExportButton rows={list.data?.rows} columns={columns} filename={`player-${playerId}-${name}.csv`} />
      </div>
      <DataTable caption={name} columns={columns} rowKey={rowKey} empty={empty} {...listTable(list, table)} />
    </div>
  );
}

type Passbook = Answer<typeof endpoints.adminPlayerPassbook>['rows'][number];
type Bid = Answer<typeof endpoints.adminPlayerBids>['rows'][number];
type Deposit = Answer<typeof endpoints.adminPlayerDeposits>['rows'][number];
type Withdrawal = Answer<typeof endpoints.adminPlayerWithdrawals>['rows'][number];
type Transfer = Answer<typeof endpoints.adminPlayerTransfers>['rows'][number];
type Session = Answer<typeof endpoints.adminPlayerSessions>['rows'][number];
type Payout = Answer<typeof endpoints.adminPlayerPayoutMethods>['rows'][number];

const when = <R extends { created_at: string }>(): Column<R> =>
  timeColumn('created_at', 'When', (r) => r.created_at);

/**
 * The entry as an operator reads it: the player's own note masks the other side of a transfer, so a transfer
 * names its counterparty in full here.
 */
function entryText(r: Passbook): string {
  const other = r.counterparty;
  if (!other) return r.note || r.kind;
  const who = `${other.user_name} (${other.mobile})`;
  return r.amount_paise < 0 ? `Transfer to ${who}` : `Transfer from ${who}`;
}

const passbookColumns: Column<Passbook>[] = [
  when<Passbook>(),
  { id: 'note', header: 'Entry', primary: true, cell: entryText, csv: entryText },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (r) => <Money paise={r.amount_paise} flow={r.amount_paise >= 0 ? 'in' : 'out'} />,
    csv: (r) => formatPaiseDecimal(r.amount_paise),
  },
  {
    id: 'balance',
    header: 'Balance',
    align: 'end',
    cell: (r) => <Money paise={r.balance_paise} />,
    csv: (r) => formatPaiseDecimal(r.balance_paise),
  },
  { id: 'actor', header: 'By', cell: (r) => r.actor_name, csv: (r) => r.actor_name },
];

const bidColumns: Column<Bid>[] = [
  when<Bid>(),
  {
    id: 'market',
    header: 'Market',
    primary: true,
    cell: (b) => `${b.market_name} · ${formatDay(b.market_date)}`,
    csv: (b) => `${b.market_name} ${b.market_date}`,
  },
  {
    id: 'type',
    header: 'Bet',
    cell: (b) => `${b.bet_type} (${b.session})`,
    csv: (b) => `${b.bet_type} ${b.session}`,
  },
  {
    id: 'digits',
    header: 'Number',
    cell: (b) => (
      <span className="tabular">{b.close_digits ? `${b.digits}-${b.close_digits}` : b.digits}</span>
    ),
    csv: (b) => (b.close_digits ? `${b.digits}-${b.close_digits}` : b.digits),
  },
  {
    id: 'amount',
    header: 'Stake',
    align: 'end',
    cell: (b) => <Money paise={b.amount_paise} />,
    csv: (b) => formatPaiseDecimal(b.amount_paise),
  },
  {
    id: 'status',
    header: 'Outcome',
    cell: (b) =>
      b.status === 'won' ? (
        <span>
          <StatusPill tone="success">Won</StatusPill> <Money paise={b.payout_paise ?? 0} flow="in" />
        </span>
      ) : b.status === 'lost' ? (
        <StatusPill tone="danger">Lost</StatusPill>
      ) : (
        <StatusPill tone="pending">Pending</StatusPill>
      ),
    csv: (b) => (b.status === 'won' ? `won ${formatPaiseDecimal(b.payout_paise ?? 0)}` : b.status),
  },
];

const depositColumns: Column<Deposit>[] = [
  when<Deposit>(),
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    primary: true,
    cell: (d) => <Money paise={d.amount_paise} flow="in" />,
    csv: (d) => formatPaiseDecimal(d.amount_paise),
  },
  { id: 'utr', header: 'UTR', cell: (d) => d.utr ?? '—', csv: (d) => d.utr },
  {
    id: 'status',
    header: 'Status',
    cell: (d) => <StatusPill tone={stateOf(d.status).tone}>{stateOf(d.status).label}</StatusPill>,
    csv: (d) => d.status,
  },
  {
    id: 'by',
    header: 'Decided',
    cell: (d) => (d.decided_by ? `${d.decided_by}, ${formatDateTime(d.decided_at)}` : '—'),
    csv: (d) => d.decided_by,
  },
  { id: 'reason', header: 'Reason', cell: (d) => d.reason ?? '—', csv: (d) => d.reason },
];

const withdrawalColumns: Column<Withdrawal>[] = [
  when<Withdrawal>(),
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    primary: true,
    cell: (w) => <Money paise={w.amount_paise} flow="out" />,
    csv: (w) => formatPaiseDecimal(w.amount_paise),
  },
  { id: 'to', header: 'Pay to', cell: (w) => w.payout_number, csv: (w) => w.payout_number },
  {
    id: 'state',
    header: 'Status',
    cell: (w) => <StatusPill tone={stateOf(w.state).tone}>{stateOf(w.state).label}</StatusPill>,
    csv: (w) => w.state,
  },
  {
    id: 'ref',
    header: 'Reference / reason',
    cell: (w) => w.payment_reference ?? w.reason ?? '—',
    csv: (w) => w.payment_reference ?? w.reason,
  },
];

const transferColumns: Column<Transfer>[] = [
  when<Transfer>(),
  {
    id: 'other',
    header: 'With',
    primary: true,
    cell: (t) => `${t.direction === 'out' ? 'To' : 'From'} ${t.other.user_name} (${t.other.mobile})`,
    csv: (t) => `${t.direction} ${t.other.user_name} ${t.other.mobile}`,
  },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (t) => <Money paise={t.amount_paise} flow={t.direction === 'in' ? 'in' : 'out'} />,
    csv: (t) => formatPaiseDecimal(t.direction === 'in' ? t.amount_paise : -t.amount_paise),
  },
];

const sessionColumns: Column<Session>[] = [
  {
    id: 'created_at',
    header: 'Signed in',
    primary: true,
    cell: (s) => formatDateTime(s.created_at),
    csv: (s) => s.created_at,
  },
  timeColumn('seen', 'Last active', (s) => s.last_seen_at),
  {
    id: 'state',
    header: 'State',
    cell: (s) =>
      s.live ? <StatusPill tone="success">Live</StatusPill> : <StatusPill tone="pending">Ended</StatusPill>,
    csv: (s) => (s.live ? 'live' : 'ended'),
  },
  { id: 'ip', header: 'Address', cell: (s) => s.ip ?? '—', csv: (s) => s.ip },
  {
    id: 'agent',
    header: 'Browser',
    cell: (s) => <span className={styles.agent}>{s.user_agent ?? '—'}</span>,
    csv: (s) => s.user_agent,
  },
];

const payoutColumns: Column<Payout>[] = [
  { id: 'app', header: 'App', primary: true, cell: (p) => p.app, csv: (p) => p.app },
  {
    id: 'number',
    header: 'Number',
    cell: (p) => <span className="tabular">{p.number}</span>,
    csv: (p) => p.number,
  },
  timeColumn('verified', 'Verified', (p) => p.verified_at),
];

/** The tab's list, by name. */
export function PlayerTabContent({ tab, playerId }: { tab: PlayerTab; playerId: number }) {
  switch (tab) {
    case 'passbook':
      return (
        <SubList
          name="passbook"
          playerId={playerId}
          load={(input, signal) => call(endpoints.adminPlayerPassbook, input, { signal })}
          columns={passbookColumns}
          rowKey={(r) => r.entry_id}
          empty="No wallet entries yet."
        />
      );
    case 'bids':
      return (
        <SubList
          name="bids"
          playerId={playerId}
          load={(input, signal) => call(endpoints.adminPlayerBids, input, { signal })}
          columns={bidColumns}
          rowKey={(r) => r.id}
          empty="No bids."
        />
      );
    case 'wins':
      return (
        <SubList
          name="wins"
          playerId={playerId}
          load={(input, signal) => call(endpoints.adminPlayerWins, input, { signal })}
          columns={bidColumns}
          rowKey={(r) => r.id}
          empty="No wins."
        />
      );
    case 'deposits':
      return (
        <SubList
          name="deposits"
          playerId={playerId}
          load={(input, signal) => call(endpoints.adminPlayerDeposits, input, { signal })}
          columns={depositColumns}
          rowKey={(r) => r.id}
          empty="No deposit requests."
        />
      );
    case 'withdrawals':
      return (
        <SubList
          name="withdrawals"
          playerId={playerId}
          load={(input, signal) => call(endpoints.adminPlayerWithdrawals, input, { signal })}
          columns={withdrawalColumns}
          rowKey={(r) => r.id}
          empty="No withdrawal requests."
        />
      );
    case 'transfers':
      return (
        <SubList
          name="transfers"
          playerId={playerId}
          load={(input, signal) => call(endpoints.adminPlayerTransfers, input, { signal })}
          columns={transferColumns}
          rowKey={(r) => r.id}
          empty="No transfers."
        />
      );
    case 'sessions':
      return (
        <SubList
          name="sessions"
          playerId={playerId}
          load={(input, signal) => call(endpoints.adminPlayerSessions, input, { signal })}
          columns={sessionColumns}
          rowKey={(r) => r.created_at}
          empty="Never signed in."
        />
      );
    case 'payout-methods':
      return (
        <SubList
          name="payout methods"
          playerId={playerId}
          load={(input, signal) => call(endpoints.adminPlayerPayoutMethods, input, { signal })}
          columns={payoutColumns}
          rowKey={(r) => `${r.upi_type}-${r.number}`}
          empty="No payout numbers saved."
        />
      );
  }
}
