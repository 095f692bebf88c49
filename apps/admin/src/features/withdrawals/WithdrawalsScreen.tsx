import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import { newIdempotencyKey } from '@gama/ui/action-key';
import { Button } from '@gama/ui/Button';
import { formatPaiseDecimal, formatPoints, formatWholePoints } from '@gama/core/rules/money';
import { countOf } from '@gama/ui/plural';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { Column } from '../../components/DataTable.tsx';
import { Money } from '../../components/Money.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call, urlOf } from '../../lib/api-client.ts';
import { maskMobile } from '../../lib/format.ts';
import { stateOf } from '../../lib/labels.ts';
import { useCan, useOperator } from '../../lib/session.ts';
import { requestColumns } from '../../shared/queue/columns.tsx';
import { QueueScreen } from '../../shared/queue/QueueScreen.tsx';
import q from '../../shared/queue/Queue.module.css';
import { useQueue } from '../../shared/queue/use-queue.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import styles from './WithdrawalsScreen.module.css';

type Withdrawal = Answer<typeof endpoints.adminWithdrawals>['rows'][number];
type Query = CallInput<typeof endpoints.adminWithdrawals>;
type Status = NonNullable<Query['status']>;
type Sort = NonNullable<Query['sort']>;

const sorts: readonly [Sort, ...Sort[]] = ['created_at', 'amount', 'id', 'decided_at'];
const statuses: ReadonlyArray<{ value: Status; label: string }> = [
  { value: 'open', label: 'Waiting' },
  { value: 'awaiting_second_approval', label: 'Needs 2nd approval' },
  { value: 'approved', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

type Pending = { kind: 'approve' | 'reject'; withdrawal: Withdrawal; key: string };

const isOpen = (w: Withdrawal) => w.state === 'pending' || w.state === 'awaiting_second_approval';
/** Held for risk review (decision 039): nothing is paid until an operator clears the hold. */
const isHeld = (w: Withdrawal) => isOpen(w) && w.risk_hold !== null && w.risk_hold.cleared_at === null;
/** The approval that pays: a single-approval withdrawal, or the second of two. */
const paysNow = (w: Withdrawal) => !w.needs_two_approvals || w.approved_by_1 !== null;

/**
 * The withdrawal queue: pay each by UPI to the number shown, then approve with the payment reference; or
 * reject with a reason (the held points go back). Above the owner's threshold two operators must approve.
 */
/** Money in over the desk's window: deposits, wins and transfers received, where points reach a wallet. */
const moneyIn = (w: Withdrawal) =>
  w.recent.deposits_paise + w.recent.wins_paise + w.recent.transfers_in_paise;
/** Money out: withdrawals, stakes and transfers sent. */
const moneyOut = (w: Withdrawal) =>
  w.recent.withdrawals_paise + w.recent.stakes_paise + w.recent.transfers_out_paise;

export default function WithdrawalsScreen() {
  const me = useOperator();
  const queue = useQueue({
    name: 'withdrawals',
    statuses,
    sorts,
    list: (input, signal) => call(endpoints.adminWithdrawals, input, { signal }),
  });
  const { list } = queue;
  const canDecide = useCan('withdrawals.decide');
  const after = useAfterAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const [clearing, setClearing] = useState<Withdrawal | null>(null);

  const threshold = list.data?.two_person_above_points ?? null;
  const mine = (w: Withdrawal) => w.approved_by_1?.id === me.id;
  const start = (kind: Pending['kind'], withdrawal: Withdrawal) =>
    setPending({ kind, withdrawal, key: newIdempotencyKey() });

  const { player, amount, requested } = requestColumns<Withdrawal>('out');
  const columns: Column<Withdrawal>[] = [
    player,
    amount,
    {
      id: 'payout',
      header: 'Pay to',
      cell: (w) => (
        <span className={q.stack}>
          <span className="tabular">{w.payout_number}</span>
          <span className={q.muted}>{w.payout_app}</span>
        </span>
      ),
      csv: (w) => `${w.payout_app} ${w.payout_number}`,
    },
    {
      id: 'balance',
      header: 'Wallet',
      align: 'end',
      cell: (w) => (
        <span className={q.stack}>
          <Money paise={w.balance.wallet_paise} />
          {w.balance.debt_paise > 0 && (
            <span className="money-out">
              debt <Money paise={w.balance.debt_paise} />
            </span>
          )}
        </span>
      ),
      csv: (w) => formatPaiseDecimal(w.balance.wallet_paise),
    },
    {
      id: 'recent',
      header: `Last ${list.data?.rows[0]?.recent.days ?? 30} days`,
      cell: (w) => (
        <span className={`${q.stack} ${q.small}`}>
          <RecentFlow flow="in" paise={moneyIn(w)}>
            dep. {formatPoints(w.recent.deposits_paise)}, wins {formatPoints(w.recent.wins_paise)}, transfers{' '}
            {formatPoints(w.recent.transfers_in_paise)}
          </RecentFlow>
          <RecentFlow flow="out" paise={moneyOut(w)}>
            wd. {formatPoints(w.recent.withdrawals_paise)}, stakes {formatPoints(w.recent.stakes_paise)},
            transfers {formatPoints(w.recent.transfers_out_paise)}
          </RecentFlow>
          {w.recent.counterparties.length > 0 && (
            <ul className={styles.counterparties} data-testid="recent-transfers" aria-label="Transfers">
              {w.recent.counterparties.map((c) => (
                <li key={`${c.direction}-${c.player.id}`}>
                  {c.direction === 'in' ? 'From' : 'To'} {c.player.user_name} ({maskMobile(c.player.mobile)}):{' '}
                  {formatPoints(c.amount_paise)} in {countOf(c.count, 'transfer')}
                </li>
              ))}
            </ul>
          )}
        </span>
      ),
      csv: (w) => `in ${formatPaiseDecimal(moneyIn(w))} / out ${formatPaiseDecimal(moneyOut(w))}`,
    },
    requested,
    {
      id: 'state',
      header: 'Status',
      cell: (w) => (
        <span className={q.stack}>
          <StatusPill tone={stateOf(w.state).tone}>{stateOf(w.state).label}</StatusPill>
          {w.needs_two_approvals && w.state === 'pending' && <span className={q.muted}>Two approvals</span>}
          {w.approved_by_1 && w.state === 'awaiting_second_approval' && (
            <span className={q.muted}>1st: {mine(w) ? 'you' : w.approved_by_1.username}</span>
          )}
          {w.payment_reference && <span className={q.muted}>Ref {w.payment_reference}</span>}
          {w.reason && <span className={q.muted}>{w.reason}</span>}
          {w.risk_hold && isOpen(w) && (
            <span className={`${q.stack} ${styles.hold}`} data-testid="risk-hold">
              {w.risk_hold.cleared_at === null ? (
                <>
                  <StatusPill tone="warning">Held for review</StatusPill>
                  <span className={q.muted}>{w.risk_hold.reason}</span>
                </>
              ) : (
                <span className={q.muted}>
                  Hold cleared by {w.risk_hold.cleared_by?.username ?? 'an operator'}: {w.risk_hold.note}
                </span>
              )}
            </span>
          )}
        </span>
      ),
      csv: (w) => (isHeld(w) ? `${w.state} (held: ${w.risk_hold?.reason ?? ''})` : w.state),
    },
  ];

  return (
    <QueueScreen
      queue={queue}
      title="Withdrawals"
      description={
        threshold === null
          ? 'Pay by UPI to the number shown, then approve with the payment reference.'
          : `Pay by UPI to the number shown, then approve with the payment reference. Above ${formatWholePoints(
              threshold,
            )} points two operators must approve. A player's withdrawals of 24 hours count together; past your own daily allowance, or for a player you credited lately, your approval is the first of two.`
      }
      exportHref={urlOf(endpoints.adminWithdrawals, { ...queue.query, format: 'csv' })}
      exportName="withdrawals.csv"
      shortcuts={canDecide}
      table={{
        caption: 'Withdrawal requests',
        columns,
        rowKey: (w) => w.id,
        empty: queue.waiting ? 'No withdrawals are waiting. The queue is clear.' : 'No withdrawals match.',
        rowTone: (w) =>
          isOpen(w) && w.balance.debt_paise > 0 ? 'danger' : isHeld(w) ? 'warning' : undefined,
        onRowKey: canDecide
          ? (key, w) => {
              if (!isOpen(w)) return false;
              if (key === 'a' && !mine(w) && !isHeld(w)) start('approve', w);
              else if (key === 'r') start('reject', w);
              else return false;
              return true;
            }
          : undefined,
        actions: canDecide
          ? (w) =>
              isOpen(w) ? (
                <>
                  {isHeld(w) ? (
                    <Button small variant="outline" onClick={() => setClearing(w)}>
                      Clear hold
                    </Button>
                  ) : mine(w) ? (
                    <span className={styles.waiting}>Waiting for another operator</span>
                  ) : (
                    <Button small onClick={() => start('approve', w)}>
                      {paysNow(w) ? 'Approve' : 'First approval'}
                    </Button>
                  )}
                  <Button small variant="outline" onClick={() => start('reject', w)}>
                    Reject
                  </Button>
                </>
              ) : null
          : undefined,
      }}
    >
      <ConfirmDialog
        open={clearing !== null}
        onClose={() => setClearing(null)}
        title="Clear risk hold"
        confirmLabel="Clear hold"
        busyText="Clearing"
        reason={{ label: 'Why it may be paid (kept in the audit log)', minLength: 3 }}
        onConfirm={async (note) => {
          if (!clearing) return;
          await after(() => call(endpoints.adminWithdrawalClearHold, { id: clearing.id, note }), {
            success: `Hold cleared: withdrawal #${clearing.id} can be approved`,
            refresh: queue.refresh,
          });
        }}
      >
        {clearing && (
          <p>
            The withdrawal of <strong>{formatPoints(clearing.amount_paise)} points</strong> by{' '}
            <strong>{clearing.player.user_name}</strong> waits because: {clearing.risk_hold?.reason}. Clearing
            the hold lets it be approved; the flags stay on the risk queue.
          </p>
        )}
      </ConfirmDialog>
      {pending && (
        <Decision
          pending={pending}
          onClose={() => setPending(null)}
          onDone={(run) =>
            after(run, {
              success: ({ withdrawal }) =>
                withdrawal.already_decided
                  ? `Withdrawal #${withdrawal.id} was already ${stateOf(withdrawal.state).label.toLowerCase()}`
                  : withdrawal.state === 'approved'
                    ? `${formatPoints(withdrawal.amount_paise)} points paid out`
                    : withdrawal.state === 'awaiting_second_approval'
                      ? `First approval recorded; another operator must approve #${withdrawal.id}`
                      : `Withdrawal #${withdrawal.id} rejected; the points are back in the wallet`,
              refresh: queue.refresh,
            })
          }
        />
      )}
    </QueueScreen>
  );
}

/** One way the player's money moved over the desk's window: the total, then in grey what it is made of. */
function RecentFlow({ flow, paise, children }: { flow: 'in' | 'out'; paise: number; children: ReactNode }) {
  return (
    <span>
      {flow === 'in' ? 'In' : 'Out'} <Money paise={paise} flow={flow} />
      <span className={q.muted}> ({children})</span>
    </span>
  );
}

type DecisionAnswer = Answer<typeof endpoints.adminWithdrawalApprove>;

function Decision({
  pending,
  onClose,
  onDone,
}: {
  pending: Pending;
  onClose: () => void;
  onDone: (run: () => Promise<DecisionAnswer>) => Promise<unknown>;
}) {
  const { kind, withdrawal: w, key } = pending;
  const who = `${w.player.user_name} (${maskMobile(w.player.mobile)})`;
  const amount = formatPoints(w.amount_paise);
  const pays = paysNow(w);
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={kind === 'reject' ? 'Reject withdrawal' : pays ? 'Approve withdrawal' : 'First approval'}
      confirmLabel={kind === 'reject' ? 'Reject' : pays ? 'Mark as paid' : 'Record first approval'}
      busyText={kind === 'reject' ? 'Rejecting' : 'Approving'}
      tone={kind === 'reject' ? 'danger' : 'money'}
      reason={
        kind === 'reject'
          ? {
              label: 'Reason (the player sees it)',
              minLength: 3,
              placeholder: 'Payout number does not accept UPI',
            }
          : pays
            ? { label: 'Payment reference (UPI transaction id)', minLength: 4, singleLine: true }
            : undefined
      }
      onConfirm={(text) =>
        onDone(() =>
          kind === 'reject'
            ? call(endpoints.adminWithdrawalReject, { id: w.id, reason: text })
            : call(
                endpoints.adminWithdrawalApprove,
                { id: w.id, ...(pays ? { payment_reference: text } : {}) },
                { idempotencyKey: key },
              ),
        )
      }
    >
      {kind === 'reject' ? (
        <p>
          Reject the withdrawal of <strong>{amount} points</strong> by <strong>{who}</strong>. The points go
          back to their wallet.
        </p>
      ) : pays ? (
        <p>
          Pay <strong>{amount} points</strong> to <strong>{who}</strong> by {w.payout_app} at{' '}
          <strong className="tabular">{w.payout_number}</strong>, then enter the payment reference. The
          withdrawal is marked paid once.
          {w.approved_by_1 && ` First approval by ${w.approved_by_1.username}.`}
        </p>
      ) : (
        <p>
          Approve the withdrawal of <strong>{amount} points</strong> by <strong>{who}</strong>. It is above
          the two-person limit: nothing is paid until a second operator approves it with the payment
          reference.
        </p>
      )}
    </ConfirmDialog>
  );
}
