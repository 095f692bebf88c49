import { endpoints } from '@gama/core/endpoints';
import type { Answer, CallInput } from '@gama/core/endpoints/define';
import { Button } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { formatPaiseDecimal, formatPoints } from '@gama/core/rules/money';
import { Check, Image, X } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { Column } from '../../components/DataTable.tsx';
import { Money } from '../../components/Money.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call, urlOf } from '../../lib/api-client.ts';
import { formatDateTime, maskMobile } from '../../lib/format.ts';
import { stateOf } from '../../lib/labels.ts';
import { useCan } from '../../lib/session.ts';
import { anyOr, type FilterField } from '../../shared/filters/FilterFields.tsx';
import { requestColumns } from '../../shared/queue/columns.tsx';
import { QueueScreen } from '../../shared/queue/QueueScreen.tsx';
import q from '../../shared/queue/Queue.module.css';
import { useQueue } from '../../shared/queue/use-queue.ts';
import { DecisionButtons } from '../../shared/DecisionButtons.tsx';
import { useAfterAction } from '../../shared/use-action.ts';
import styles from './DepositsScreen.module.css';

type Deposit = Answer<typeof endpoints.adminDeposits>['rows'][number];
type Query = CallInput<typeof endpoints.adminDeposits>;
type Status = NonNullable<Query['status']>;
type Sort = NonNullable<Query['sort']>;

const sorts: readonly [Sort, ...Sort[]] = ['created_at', 'amount', 'id', 'decided_at'];
const statuses: ReadonlyArray<{ value: Status; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const filters: ReadonlyArray<FilterField<'has_utr' | 'flagged'>> = [
  {
    kind: 'choice',
    name: 'has_utr',
    label: 'UTR',
    options: anyOr(['true', 'Entered'], ['false', 'Not entered']),
  },
  { kind: 'choice', name: 'flagged', label: 'Checks', options: anyOr(['true', 'Flagged only']) },
];

type Pending =
  | { kind: 'approve'; deposits: Deposit[] }
  | { kind: 'reject'; deposits: Deposit[] }
  | { kind: 'evidence'; deposit: Deposit };

/**
 * The deposit queue: each request with the player's UTR (checked against the bank app), their deposit history
 * and flags; approve or reject one at a time (keys a and r on a row) or the selected ones in bulk.
 */
export default function DepositsScreen() {
  const queue = useQueue({
    name: 'deposits',
    statuses,
    sorts,
    filters: ['has_utr', 'flagged'],
    extraQuery: ({ has_utr, flagged }): Pick<Query, 'has_utr' | 'flagged'> => ({
      ...(has_utr === 'true' || has_utr === 'false' ? { has_utr } : {}),
      ...(flagged === 'true' ? { flagged } : {}),
    }),
    list: (input, signal) => call(endpoints.adminDeposits, input, { signal }),
  });
  const { list } = queue;
  const canDecide = useCan('deposits.decide');
  const after = useAfterAction();
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const rows = list.data?.rows;
  const open = (d: Deposit) => d.status === 'pending';

  const { player, amount, requested } = requestColumns<Deposit>('in');
  const columns: Column<Deposit>[] = [
    player,
    amount,
    {
      id: 'utr',
      header: 'UTR',
      cell: (d) =>
        d.utr ? (
          <span className={`${q.stack} ${q.start}`}>
            <span className="tabular">{d.utr}</span>
            {d.has_screenshot && (
              <button
                type="button"
                className={styles.evidence}
                onClick={() => setPending({ kind: 'evidence', deposit: d })}
              >
                <Image size={14} aria-hidden="true" /> Screenshot
              </button>
            )}
          </span>
        ) : (
          <span className={q.muted}>Not entered yet</span>
        ),
      csv: (d) => d.utr,
    },
    {
      id: 'flags',
      header: 'Checks',
      cell: (d) => <Flags deposit={d} />,
      csv: (d) =>
        [d.flags.duplicate_utr_attempt && 'duplicate UTR', d.flags.unusual_amount && 'unusual amount']
          .filter(Boolean)
          .join('; '),
    },
    {
      id: 'history',
      header: 'History',
      cell: (d) => (
        <span className={`${q.stack} ${q.small}`}>
          <span>
            {d.history.approved_count} approved · <Money paise={d.history.approved_paise} />
          </span>
          {d.history.rejected_count > 0 && (
            <span className={styles.rejected}>{d.history.rejected_count} rejected</span>
          )}
        </span>
      ),
      csv: (d) => `${d.history.approved_count} approved, ${formatPaiseDecimal(d.history.approved_paise)}`,
    },
    requested,
    {
      id: 'status',
      header: 'Status',
      cell: (d) => (
        <span className={`${q.stack} ${q.small}`}>
          <StatusPill tone={stateOf(d.status).tone}>{stateOf(d.status).label}</StatusPill>
          {d.decided_by && (
            <span className={q.muted}>
              {d.decided_by.username}
              {d.reason ? `: ${d.reason}` : ''}
            </span>
          )}
        </span>
      ),
      csv: (d) => d.status,
    },
  ];

  const picked = rows?.filter((d) => selected.has(d.id) && open(d)) ?? [];

  return (
    <QueueScreen
      queue={queue}
      title="Deposits"
      description="Check each UTR and amount against the bank app before approving. Approving credits the wallet once."
      exportHref={urlOf(endpoints.adminDeposits, { ...queue.query, format: 'csv' })}
      exportName="deposits.csv"
      shortcuts={canDecide && queue.waiting}
      onStatusChange={() => setSelected(new Set())}
      filters={filters}
      banner={
        canDecide &&
        picked.length > 0 && (
          <div className={styles.bulk} role="region" aria-label="Selected deposits">
            <p>
              <strong>{picked.length}</strong> selected ·{' '}
              <Money paise={picked.reduce((sum, d) => sum + d.amount_paise, 0)} /> points
            </p>
            <div className={styles.bulkButtons}>
              <Button
                small
                icon={<Check size={16} aria-hidden="true" />}
                onClick={() => setPending({ kind: 'approve', deposits: picked })}
              >
                Approve selected
              </Button>
              <Button
                small
                variant="danger"
                icon={<X size={16} aria-hidden="true" />}
                onClick={() => setPending({ kind: 'reject', deposits: picked })}
              >
                Reject selected
              </Button>
            </div>
          </div>
        )
      }
      table={{
        caption: 'Deposit requests',
        columns,
        rowKey: (d) => d.id,
        empty: queue.waiting ? 'No deposits are waiting. The queue is clear.' : 'No deposits match.',
        rowTone: (d) =>
          open(d) && (d.flags.duplicate_utr_attempt || d.flags.unusual_amount) ? 'warning' : undefined,
        selection:
          canDecide && queue.waiting ? { selected, onChange: setSelected, selectable: open } : undefined,
        onRowKey: canDecide
          ? (key, d) => {
              if (!open(d)) return false;
              if (key === 'a') setPending({ kind: 'approve', deposits: [d] });
              else if (key === 'r') setPending({ kind: 'reject', deposits: [d] });
              else if (key === 's' && d.has_screenshot) setPending({ kind: 'evidence', deposit: d });
              else return false;
              return true;
            }
          : undefined,
        actions: canDecide
          ? (d) =>
              open(d) ? (
                <DecisionButtons
                  approveTone="primary"
                  onApprove={() => setPending({ kind: 'approve', deposits: [d] })}
                  onReject={() => setPending({ kind: 'reject', deposits: [d] })}
                />
              ) : null
          : undefined,
      }}
    >
      <ConfirmDialog
        open={pending?.kind === 'approve' || pending?.kind === 'reject'}
        onClose={() => setPending(null)}
        title={pending?.kind === 'reject' ? 'Reject deposit' : 'Approve deposit'}
        confirmLabel={
          pending?.kind === 'reject'
            ? 'Reject'
            : pending?.kind === 'approve' && pending.deposits.length > 1
              ? `Credit ${pending.deposits.length} deposits`
              : 'Credit points'
        }
        busyText={pending?.kind === 'reject' ? 'Rejecting' : 'Crediting'}
        tone={pending?.kind === 'reject' ? 'danger' : 'money'}
        reason={
          pending?.kind === 'reject'
            ? { label: 'Reason (the player sees it)', minLength: 3, placeholder: 'No payment with this UTR' }
            : undefined
        }
        onConfirm={async (reason) => {
          if (!pending || pending.kind === 'evidence') return;
          const decision = pending.kind;
          const ids = pending.deposits.map((d) => d.id);
          if (ids.length === 1) {
            const id = ids[0] as number;
            await after(
              () =>
                decision === 'approve'
                  ? call(endpoints.adminDepositApprove, { id })
                  : call(endpoints.adminDepositReject, { id, reason }),
              {
                success: ({ deposit }) =>
                  deposit.already_decided
                    ? `Deposit #${deposit.id} was already ${deposit.status}`
                    : deposit.status === 'approved'
                      ? `${formatPoints(deposit.amount_paise)} points credited`
                      : `Deposit #${deposit.id} rejected`,
                refresh: queue.refresh,
              },
            );
          } else {
            await after(
              () =>
                call(endpoints.adminDepositsBulk, {
                  ids,
                  decision,
                  ...(decision === 'reject' ? { reason } : {}),
                }),
              {
                success: ({ results }) => {
                  const done = results.filter((r) => r.ok).length;
                  const failed = results.length - done;
                  return `${done} of ${results.length} ${decision === 'approve' ? 'approved' : 'rejected'}${
                    failed > 0 ? `; ${failed} refused (already decided or missing)` : ''
                  }`;
                },
                refresh: queue.refresh,
              },
            );
          }
          setSelected(new Set());
        }}
      >
        {pending && pending.kind !== 'evidence' && (
          <DecisionText kind={pending.kind} deposits={pending.deposits} />
        )}
      </ConfirmDialog>

      <Dialog
        open={pending?.kind === 'evidence'}
        onClose={() => setPending(null)}
        title="Payment screenshot"
        className={styles.evidenceDialog}
      >
        {pending?.kind === 'evidence' && (
          <figure className={styles.figure}>
            <img
              src={urlOf(endpoints.adminDepositScreenshot, { id: pending.deposit.id })}
              alt={`Screenshot the player sent for deposit #${pending.deposit.id}`}
            />
            <figcaption>
              {pending.deposit.player.user_name} · <Money paise={pending.deposit.amount_paise} /> points · UTR{' '}
              {pending.deposit.utr}. The server does not read the image: compare it with the bank app.
            </figcaption>
          </figure>
        )}
      </Dialog>
    </QueueScreen>
  );
}

function Flags({ deposit }: { deposit: Deposit }) {
  const { duplicate_utr_attempt, unusual_amount } = deposit.flags;
  if (!duplicate_utr_attempt && !unusual_amount)
    return deposit.utr ? <StatusPill tone="success">OK</StatusPill> : <span>—</span>;
  return (
    <span className={styles.flags}>
      {duplicate_utr_attempt && <StatusPill tone="danger">Duplicate UTR</StatusPill>}
      {unusual_amount && <StatusPill tone="warning">Unusual amount</StatusPill>}
      <UtrAttempts deposit={deposit} />
    </span>
  );
}

/**
 * What the duplicate-UTR flag saw, in words: a flag that names no UTR, request or time sends the cashier
 * searching, and a request whose own UTR is unique reads as a duplicate without them.
 */
function attemptText(deposit: Deposit, attempt: Deposit['flags']['utr_attempts'][number]): string {
  const when = formatDateTime(attempt.at);
  const holder = attempt.held_by === null ? 'no request' : `#${attempt.held_by}`;
  if (attempt.request_id === deposit.id) {
    return `UTR ${attempt.utr} entered here ${when} was refused: already on ${holder}.`;
  }
  const who = `${attempt.player.user_name} (${maskMobile(attempt.player.mobile)})`;
  return `This UTR ${attempt.utr} was entered again on #${attempt.request_id} by ${who} ${when}; refused.`;
}

function UtrAttempts({ deposit }: { deposit: Deposit }) {
  const attempts = deposit.flags.utr_attempts;
  if (attempts.length === 0) return null;
  return (
    <ul className={styles.attempts} data-testid="utr-attempts">
      {attempts.map((attempt) => (
        <li key={`${attempt.request_id}-${attempt.at}-${attempt.utr}`}>{attemptText(deposit, attempt)}</li>
      ))}
    </ul>
  );
}

function DecisionText({ kind, deposits }: { kind: 'approve' | 'reject'; deposits: Deposit[] }) {
  const total = deposits.reduce((sum, d) => sum + d.amount_paise, 0);
  const first = deposits[0];
  if (!first) return null;
  if (deposits.length === 1) {
    const who = `${first.player.user_name} (${maskMobile(first.player.mobile)})`;
    return kind === 'approve' ? (
      <>
        <p>
          Credit <strong>{formatPoints(total)} points</strong> to <strong>{who}</strong> for deposit #
          {first.id}
          {first.utr ? `, UTR ${first.utr}` : ', no UTR entered'}.
        </p>
        {first.flags.utr_attempts.length > 0 && (
          <div className={styles.warning} role="note">
            <strong>Duplicate UTR: check the bank app before crediting.</strong>
            <UtrAttempts deposit={first} />
          </div>
        )}
      </>
    ) : (
      <p>
        Reject deposit #{first.id} of <strong>{formatPoints(total)} points</strong> from{' '}
        <strong>{who}</strong>. Nothing is credited.
      </p>
    );
  }
  const players = new Set(deposits.map((d) => d.player.id)).size;
  const flagged = deposits.filter((d) => d.flags.utr_attempts.length > 0);
  return kind === 'approve' ? (
    <>
      {flagged.length > 0 && (
        <div className={styles.warning} role="note">
          <strong>
            Duplicate UTR on {flagged.map((d) => `#${d.id}`).join(', ')}: check the bank app before crediting.
          </strong>
          {flagged.map((d) => (
            <UtrAttempts key={d.id} deposit={d} />
          ))}
        </div>
      )}
      <p>
        Credit <strong>{formatPoints(total)} points</strong> in total to {players}{' '}
        {players === 1 ? 'player' : 'players'} for {deposits.length} deposits. Each is credited once; any
        already decided is left as it is.
      </p>
    </>
  ) : (
    <p>
      Reject {deposits.length} deposits totalling <strong>{formatPoints(total)} points</strong>. Nothing is
      credited.
    </p>
  );
}
