import { endpoints } from '@gama/core/endpoints';
import type {
  ApproveMatchedAnswer,
  StatementAnswer,
  StatementLineRow,
} from '@gama/core/endpoints/reconciliation/index';
import { Button } from '@gama/ui/Button';
import { formatPoints } from '@gama/core/rules/money';
import { Skeleton } from '@gama/ui/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, Info } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { Money } from '../../components/Money.tsx';
import { Notice } from '../../components/Notice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { PlayerCell } from '../../components/PlayerCell.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../lib/format.ts';
import { stateOf } from '../../lib/labels.ts';
import { useCan } from '../../lib/session.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { outcomeOf, outcomes, statementKey, statementsKey, toApprove, type Outcome } from './outcomes.ts';
import { statementName } from './StatementList.tsx';
import styles from './ReconciliationScreen.module.css';

type Shown = Outcome | 'all';

interface StatementDetailProps {
  id: number;
  shown: Shown;
  onShow: (shown: Shown) => void;
  onBack: () => void;
  /** Set when this screen just uploaded the statement: the server's answer to the upload. */
  uploaded: { alreadyUploaded: boolean } | null;
}

/**
 * One statement's lines with their outcomes against the deposit requests as they are now, and the one action
 * that approves the matched lines' pending requests (each approved once by the server, whoever asks).
 */
export function StatementDetail({ id, shown, onShow, onBack, uploaded }: StatementDetailProps) {
  const statement = useQuery({
    queryKey: statementKey(id),
    queryFn: ({ signal }): Promise<StatementAnswer> => call(endpoints.statement, { id }, { signal }),
  });
  const back = (
    <Button small variant="ghost" icon={<ArrowLeft size={16} aria-hidden="true" />} onClick={onBack}>
      All statements
    </Button>
  );
  if (statement.isPending) return <Skeleton height={320} radius={12} />;
  if (statement.isError)
    return (
      <>
        <div>{back}</div>
        <ErrorNotice error={statement.error} onRetry={() => void statement.refetch()} />
      </>
    );
  return <Loaded answer={statement.data} shown={shown} onShow={onShow} back={back} uploaded={uploaded} />;
}

function Loaded({
  answer,
  shown,
  onShow,
  back,
  uploaded,
}: Pick<StatementDetailProps, 'shown' | 'onShow' | 'uploaded'> & {
  answer: StatementAnswer;
  back: ReactNode;
}) {
  const { statement, lines } = answer;
  const { counts } = statement;
  const canDecide = useCan('deposits.decide');
  const after = useAfterAction();
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<ApproveMatchedAnswer['results']>([]);
  const pending = toApprove(lines);
  const rows = shown === 'all' ? lines : lines.filter((line) => line.outcome === shown);

  const columns: Column<StatementLineRow>[] = [
    {
      id: 'line',
      header: 'Line and what was found',
      primary: true,
      // What was found sits under the outcome: it is what the operator reads first.
      cell: (l) => (
        <span className={styles.stack}>
          <span className={styles.lineHead}>
            Line {l.line_no}
            <StatusPill tone={outcomeOf(l.outcome).tone}>{outcomeOf(l.outcome).label}</StatusPill>
          </span>
          <span className={styles.note}>{l.note}</span>
        </span>
      ),
    },
    {
      id: 'utr',
      header: 'UTR',
      cell: (l) =>
        l.utr ? (
          <span className="tabular">{l.utr}</span>
        ) : (
          <span className={styles.muted}>{l.reference || 'None'}</span>
        ),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'end',
      cell: (l) => (l.amount_paise === null ? '—' : <Money paise={l.amount_paise} flow="in" />),
    },
    {
      id: 'date',
      header: 'Date',
      cell: (l) => <span className={styles.nowrap}>{l.date ? formatDay(l.date) : l.date_text || '—'}</span>,
    },
    { id: 'payer', header: 'Payer', cell: (l) => <span className={styles.payer}>{l.payer || '—'}</span> },
    {
      id: 'deposit',
      header: 'Deposit request',
      cell: (l) =>
        l.deposit ? (
          <span className={styles.stack}>
            <PlayerCell player={l.deposit.player} />
            <span className={styles.depositLine}>
              #{l.deposit.id} · <Money paise={l.deposit.amount_paise} />{' '}
              <StatusPill tone={stateOf(l.deposit.status).tone}>{stateOf(l.deposit.status).label}</StatusPill>
            </span>
          </span>
        ) : (
          '—'
        ),
    },
  ];

  const total = pending.reduce((sum, line) => sum + (line.deposit?.amount_paise ?? 0), 0);
  const players = new Set(pending.map((line) => line.deposit?.player.id)).size;

  return (
    <>
      <div>{back}</div>
      {uploaded?.alreadyUploaded && (
        <Notice icon={Info} role="status">
          <strong>This file was uploaded before</strong>, {formatDateTime(statement.uploaded_at)} by{' '}
          {statement.uploaded_by?.username ?? 'an operator'}. Nothing changed: here it is as it stands now.
        </Notice>
      )}
      <Panel
        title={statementName(statement)}
        actions={
          canDecide && (
            <Button
              variant="money"
              small
              disabled={pending.length === 0}
              icon={<Check size={16} aria-hidden="true" />}
              onClick={() => setConfirming(true)}
            >
              {pending.length === 0
                ? 'No matched line to approve'
                : `Approve ${pending.length} matched ${pending.length === 1 ? 'line' : 'lines'}`}
            </Button>
          )
        }
      >
        <p className={styles.muted}>
          Uploaded {formatDateTime(statement.uploaded_at)} by {statement.uploaded_by?.username ?? '—'} ·{' '}
          {counts.lines} lines from line {statement.header_line + 1} · {counts.matched} matched (
          {counts.to_approve} still pending) · {counts.mismatched} mismatched · {counts.unmatched} unmatched ·{' '}
          {counts.skipped} skipped
        </p>
        {refused.length > 0 && (
          <div className={styles.refused} role="alert">
            <p>Not approved:</p>
            <ul>
              {refused.map((r) => (
                <li key={r.line_no}>
                  Line {r.line_no}: {r.ok ? '' : r.msg}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Segmented
          label="Lines shown"
          value={shown}
          options={[
            { value: 'all' as const, label: `All ${counts.lines}` },
            ...outcomes.map((o) => ({ value: o.value, label: `${o.label} ${counts[o.value]}` })),
          ]}
          onChange={onShow}
        />
        <DataTable
          caption={`Lines of ${statementName(statement)}`}
          columns={columns}
          rows={rows}
          rowKey={(l) => l.line_no}
          empty="No line has this outcome."
          rowTone={(l) => (l.outcome === 'mismatched' ? 'warning' : undefined)}
        />
      </Panel>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Approve matched deposits"
        confirmLabel={`Credit ${pending.length} ${pending.length === 1 ? 'deposit' : 'deposits'}`}
        busyText="Crediting"
        tone="money"
        onConfirm={async () => {
          const result = await after(() => call(endpoints.statementApprove, { id: statement.id }), {
            success: (r) =>
              [
                `${r.approved} approved`,
                r.already_approved > 0 && `${r.already_approved} already approved`,
                r.failed > 0 && `${r.failed} not approved`,
              ]
                .filter(Boolean)
                .join(', '),
            refresh: [statementsKey, ['deposits'], ['waiting']],
          });
          setRefused(result.results.filter((r) => !r.ok));
        }}
      >
        <p>
          Credit <strong>{formatPoints(total)} points</strong> in total to {players}{' '}
          {players === 1 ? 'player' : 'players'} for {pending.length}{' '}
          {pending.length === 1 ? 'deposit' : 'deposits'} whose UTR and amount match this statement. Each is
          credited once; one approved meanwhile is left as it is. Mismatched and unmatched lines are not
          touched.
        </p>
      </ConfirmDialog>
    </>
  );
}
