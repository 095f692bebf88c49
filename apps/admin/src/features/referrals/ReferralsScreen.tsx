import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import { referralStates, type ReferralState } from '@gama/core/endpoints/referrals/index';
import { formatPoints } from '@gama/core/rules/money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listTable } from '../../components/list-table.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { Money } from '../../components/Money.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PlayerCell } from '../../components/PlayerCell.tsx';
import { StatusPill, type Tone } from '../../components/StatusPill.tsx';
import { call, urlOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCan } from '../../lib/session.ts';
import { useTableParams } from '../../lib/table-params.ts';
import { anyOr, ListFilters, type FilterField } from '../../shared/filters/FilterFields.tsx';
import { DecisionDialog } from '../../shared/DecisionDialog.tsx';
import { DecisionButtons } from '../../shared/DecisionButtons.tsx';
import { useAfterAction } from '../../shared/use-action.ts';
import styles from './ReferralsScreen.module.css';

type Row = Answer<typeof endpoints.adminReferrals>['rows'][number];
type Query = CallInput<typeof endpoints.adminReferrals>;
type Sort = NonNullable<Query['sort']>;
const sorts: readonly Sort[] = ['registered_at', 'qualified_at', 'referrer_reward'];
const filterNames = ['q', 'state', 'from', 'to'] as const;
type Pending = { kind: 'approve' | 'reject'; row: Row };

const stateLabels: Record<ReferralState, { label: string; tone: Tone }> = {
  waiting: { label: 'Waiting for a deposit', tone: 'pending' },
  paid: { label: 'Paid', tone: 'success' },
  held: { label: 'Held for review', tone: 'warning' },
  rejected: { label: 'Rejected', tone: 'danger' },
  capped: { label: 'Over the daily cap', tone: 'info' },
  lapsed: { label: 'Referrals were off', tone: 'info' },
};

const isState = (value: string): value is ReferralState =>
  (referralStates as readonly string[]).includes(value);

const fields: ReadonlyArray<FilterField<(typeof filterNames)[number]>> = [
  { kind: 'text', name: 'q', label: 'Either player: phone, name or id', search: true },
  {
    kind: 'choice',
    name: 'state',
    label: 'Reward',
    options: anyOr(...referralStates.map((state) => [state, stateLabels[state].label] as const)),
  },
  { kind: 'date', name: 'from', label: 'Registered from' },
  { kind: 'date', name: 'to', label: 'to' },
];

/**
 * Referrals (decision 038): who brought whom, when the first deposit was approved and what the reward did. A
 * reward of linked accounts is held here; an operator who may adjust wallets approves (it is paid) or rejects it.
 */
export default function ReferralsScreen() {
  const table = useTableParams({ filters: filterNames, defaultSort: 'registered_at' });
  const canDecide = useCan('wallet.adjust');
  const after = useAfterAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const sort = (sorts.includes(table.sort as Sort) ? table.sort : 'registered_at') as Sort;
  const query: Query = {
    sort,
    dir: table.dir,
    ...(table.filters.q ? { q: table.filters.q } : {}),
    ...(isState(table.filters.state) ? { state: table.filters.state } : {}),
    ...(table.filters.from ? { from: table.filters.from } : {}),
    ...(table.filters.to ? { to: table.filters.to } : {}),
  };
  const list = useQuery({
    queryKey: ['referrals', query, table.page, table.pageSize],
    queryFn: ({ signal }) =>
      call(endpoints.adminReferrals, { ...query, page: table.page, page_size: table.pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });

  const reward = (paise: number | null) => (paise === null ? '—' : <Money paise={paise} />);
  const columns: Column<Row>[] = [
    { id: 'referrer', header: 'Referrer', primary: true, cell: (r) => <PlayerCell player={r.referrer} /> },
    { id: 'referred', header: 'Referred', cell: (r) => <PlayerCell player={r.referred} /> },
    {
      id: 'registered_at',
      header: 'Registered',
      sort: 'registered_at',
      cell: (r) => formatDateTime(r.registered_at),
    },
    {
      id: 'qualified_at',
      header: 'First deposit',
      sort: 'qualified_at',
      cell: (r) =>
        r.qualified_at === null ? (
          '—'
        ) : (
          <span className={styles.state}>
            {formatDateTime(r.qualified_at)}
            <span className={styles.note}>request #{r.deposit_request_id}</span>
          </span>
        ),
    },
    {
      id: 'state',
      header: 'Reward',
      cell: (r) => (
        <span className={styles.state}>
          <StatusPill tone={stateLabels[r.state].tone}>{stateLabels[r.state].label}</StatusPill>
          {r.link_reasons.length > 0 && (
            <span className={styles.note}>Linked: {r.link_reasons.join(', ')}</span>
          )}
          {r.decided_by && (
            <span className={styles.note}>
              {r.state === 'paid' ? 'Approved' : 'Rejected'} by {r.decided_by.username}
              {r.decision_reason ? `: ${r.decision_reason}` : ''}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'referrer_reward',
      header: 'To referrer',
      sort: 'referrer_reward',
      align: 'end',
      cell: (r) => reward(r.referrer_reward_paise),
    },
    {
      id: 'referred_reward',
      header: 'To new player',
      align: 'end',
      cell: (r) => reward(r.referred_reward_paise),
    },
  ];

  const totals = list.data?.totals;
  return (
    <>
      <PageHeader
        title="Referrals"
        description="Every player brought by another, and the reward their first approved deposit earned. Rewards of linked accounts wait here for review."
        actions={
          <ExportButton
            href={urlOf(endpoints.adminReferrals, { ...query, format: 'csv' })}
            filename="referrals.csv"
          />
        }
      />
      <ListFilters table={table} fields={fields} label="Referral filters" foldOnPhone />
      {totals && (
        <p className={styles.totals} aria-live="polite">
          Paid to referrers <Money paise={totals.referrer_paid_paise} />, to new players{' '}
          <Money paise={totals.referred_paid_paise} />; held for review: {totals.held}
        </p>
      )}
      <DataTable
        caption="Referrals"
        columns={columns}
        rowKey={(r) => r.referred.id}
        empty="No referrals match."
        {...listTable(list, table, sort)}
        {...(canDecide
          ? {
              actions: (r: Row) =>
                r.state === 'held' ? (
                  <DecisionButtons
                    onApprove={() => setPending({ kind: 'approve', row: r })}
                    onReject={() => setPending({ kind: 'reject', row: r })}
                  />
                ) : null,
            }
          : {})}
      />
      <DecisionDialog
        pending={pending}
        onClose={() => setPending(null)}
        approve={{
          title: 'Pay referral reward',
          confirmLabel: 'Approve and pay',
          busyText: 'Paying',
          tone: 'money',
        }}
        reject={{
          title: 'Reject referral reward',
          confirmLabel: 'Reject',
          busyText: 'Rejecting',
          reasonLabel: 'Reason (kept in the audit log)',
        }}
        onApprove={({ row }) =>
          after(() => call(endpoints.adminReferralApprove, { id: row.referred.id }), {
            success: `Paid the referral reward of ${row.referrer.user_name}`,
            refresh: [['referrals'], ['player']],
          })
        }
        onReject={({ row }, reason) =>
          after(() => call(endpoints.adminReferralReject, { id: row.referred.id, reason }), {
            success: 'Referral reward rejected: nothing was paid',
            refresh: [['referrals']],
          })
        }
      >
        {({ kind, row }) => (
          <p>
            {kind === 'approve' ? 'Pay' : 'Reject'}{' '}
            <strong>{formatPoints(row.referrer_reward_paise ?? 0)} points</strong> to{' '}
            <strong>{row.referrer.user_name}</strong> ({row.referrer.mobile})
            {(row.referred_reward_paise ?? 0) > 0 && (
              <>
                {' '}
                and <strong>{formatPoints(row.referred_reward_paise ?? 0)} points</strong> to{' '}
                <strong>{row.referred.user_name}</strong>
              </>
            )}
            , held because the accounts are linked ({row.link_reasons.join(', ')}).
            {kind === 'approve' ? ' It is paid once, from promotions.' : ' Nothing is paid.'}
          </p>
        )}
      </DecisionDialog>
    </>
  );
}
