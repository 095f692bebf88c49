import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { Button } from '@gama/ui/Button';
import { formatPoints } from '@gama/core/rules/money';
import { Skeleton } from '@gama/ui/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Money } from '../../components/Money.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { PlayerCell } from '../../components/PlayerCell.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useOperator } from '../../lib/session.ts';
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
      {holds.isPending ? (
        <Skeleton height={160} radius={12} />
      ) : holds.isError ? (
        <ErrorNotice error={holds.error} onRetry={() => void holds.refetch()} />
      ) : (
        <Panel title={`Waiting for approval (${holds.data.holds.length})`}>
          <DataTable
            caption="Credits waiting for a second operator"
            columns={columns}
            rows={holds.data.holds}
            rowKey={(h) => h.id}
            empty="Nothing waits for approval."
            actions={(h) =>
              h.maker.id === me.id ? (
                <span className={styles.own}>Yours: another operator must approve</span>
              ) : (
                <>
                  <Button small variant="money" onClick={() => setPending({ kind: 'approve', hold: h })}>
                    Approve
                  </Button>
                  <Button small variant="outline" onClick={() => setPending({ kind: 'reject', hold: h })}>
                    Reject
                  </Button>
                </>
              )
            }
          />
        </Panel>
      )}
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'reject' ? 'Reject credit' : 'Approve credit'}
        confirmLabel={pending?.kind === 'reject' ? 'Reject' : 'Approve and credit'}
        busyText={pending?.kind === 'reject' ? 'Rejecting' : 'Crediting'}
        tone={pending?.kind === 'reject' ? 'danger' : 'money'}
        reason={
          pending?.kind === 'reject' ? { label: 'Reason (the maker sees it)', minLength: 3 } : undefined
        }
        onConfirm={async (reason) => {
          if (!pending) return;
          const { hold } = pending;
          if (pending.kind === 'approve')
            await after(() => call(endpoints.adminHoldApprove, { id: hold.id }), {
              success: `Credited ${formatPoints(hold.amount_paise)} points to ${hold.player.user_name}`,
              refresh,
            });
          else
            await after(() => call(endpoints.adminHoldReject, { id: hold.id, reason: reason ?? '' }), {
              success: 'Credit rejected: nothing was credited',
              refresh,
            });
        }}
      >
        {pending && (
          <p>
            {pending.kind === 'approve' ? 'Credit' : 'Reject the credit of'}{' '}
            <strong>{formatPoints(pending.hold.amount_paise)} points</strong> to{' '}
            <strong>{pending.hold.player.user_name}</strong> ({pending.hold.player.mobile}), made by{' '}
            {pending.hold.maker.username} for “{pending.hold.reason}”.
            {pending.kind === 'approve' ? ' It is credited once.' : ' Nothing is credited.'}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
