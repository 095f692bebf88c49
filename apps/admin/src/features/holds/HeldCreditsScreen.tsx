import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { formatPoints } from '@gama/core/rules/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { Money } from '../../components/Money.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { PlayerCell } from '../../components/PlayerCell.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useOperator } from '../../lib/session.ts';
import { DecisionDialog } from '../../shared/DecisionDialog.tsx';
import { Loaded } from '../../shared/Loaded.tsx';
import { DecisionButtons } from '../../shared/DecisionButtons.tsx';
import { useAfterAction } from '../../shared/use-action.ts';
import styles from './HeldCreditsScreen.module.css';

type Hold = Answer<typeof endpoints.adminHolds>['holds'][number];
type Pending = { kind: 'approve' | 'reject'; hold: Hold };

/**
 * Credits held past their maker's 24-hour allowance (decision 027), decided as a result declaration is: an
 * operator other than the maker approves (the credit is made then) or rejects with a reason.
 */
export default function HeldCreditsScreen() {
  const me = useOperator();
  const after = useAfterAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const holds = useQuery({
    queryKey: ['holds', 'pending'],
    queryFn: ({ signal }) => call(endpoints.adminHolds, { state: 'pending' }, { signal }),
    refetchInterval: 30_000,
  });
  const refresh = [['holds'], ['waiting'], ['player']];

  const columns: Column<Hold>[] = [
    { id: 'player', header: 'Player', primary: true, cell: (h) => <PlayerCell player={h.player} /> },
    { id: 'amount', header: 'Credit', cell: (h) => <Money paise={h.amount_paise} /> },
    { id: 'reason', header: 'Reason', cell: (h) => h.reason },
    {
      id: 'maker',
      header: 'Made by',
      cell: (h) => (
        <span>
          {h.maker.id === me.id ? 'you' : h.maker.username}, {formatDateTime(h.created_at)}
          <span className={styles.used}>
            {formatPoints(h.used_paise)} of {h.allowance_points.toLocaleString('en-IN')} points used
          </span>
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Held credits"
        description="Credits past their maker's 24-hour allowance. Nothing is credited until an operator other than the maker approves."
      />
      <Loaded query={holds} height={160} radius={12}>
        {({ holds: waiting }) => (
          <Panel title={`Waiting for approval (${waiting.length})`}>
            <DataTable
              caption="Credits waiting for a second operator"
              columns={columns}
              rows={waiting}
              rowKey={(h) => h.id}
              empty="Nothing waits for approval."
              actions={(h) =>
                h.maker.id === me.id ? (
                  <span className={styles.own}>Yours: another operator must approve</span>
                ) : (
                  <DecisionButtons
                    onApprove={() => setPending({ kind: 'approve', hold: h })}
                    onReject={() => setPending({ kind: 'reject', hold: h })}
                  />
                )
              }
            />
          </Panel>
        )}
      </Loaded>
      <DecisionDialog
        pending={pending}
        onClose={() => setPending(null)}
        approve={{
          title: 'Approve credit',
          confirmLabel: 'Approve and credit',
          busyText: 'Crediting',
          tone: 'money',
        }}
        reject={{
          title: 'Reject credit',
          confirmLabel: 'Reject',
          busyText: 'Rejecting',
          reasonLabel: 'Reason (the maker sees it)',
        }}
        onApprove={({ hold }) =>
          after(() => call(endpoints.adminHoldApprove, { id: hold.id }), {
            success: `Credited ${formatPoints(hold.amount_paise)} points to ${hold.player.user_name}`,
            refresh,
          })
        }
        onReject={({ hold }, reason) =>
          after(() => call(endpoints.adminHoldReject, { id: hold.id, reason }), {
            success: 'Credit rejected: nothing was credited',
            refresh,
          })
        }
      >
        {({ kind, hold }) => (
          <p>
            {kind === 'approve' ? 'Credit' : 'Reject the credit of'}{' '}
            <strong>{formatPoints(hold.amount_paise)} points</strong> to{' '}
            <strong>{hold.player.user_name}</strong> ({hold.player.mobile}), made by {hold.maker.username} for
            “{hold.reason}”.
            {kind === 'approve' ? ' It is credited once.' : ' Nothing is credited.'}
          </p>
        )}
      </DecisionDialog>
    </>
  );
}
