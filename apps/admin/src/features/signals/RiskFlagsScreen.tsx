import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { Button } from '@gama/ui/Button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { PlayerCell } from '../../components/PlayerCell.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCan } from '../../lib/session.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { Loaded } from '../../shared/Loaded.tsx';
import { kindLabel, statusLabel, statusTone } from './labels.ts';
import styles from './RiskFlagsScreen.module.css';

type Flag = Answer<typeof endpoints.adminRiskFlags>['flags'][number];
type Status = 'open' | 'confirmed' | 'dismissed' | 'all';
type Pending = { decision: 'dismiss' | 'confirm'; flag: Flag };

/** An open flag's two row buttons; confirming it is the danger one. */
const reviews = [
  { decision: 'dismiss', label: 'Dismiss', tone: 'outline' },
  { decision: 'confirm', label: 'Confirm', tone: 'danger' },
] as const;

const filters: { id: Status; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'confirmed', label: 'Confirmed' },
  { id: 'dismissed', label: 'Dismissed' },
  { id: 'all', label: 'All' },
];

/**
 * The risk queue (decision 039): flags raised by shared devices, addresses, payout numbers and UPI ids, and by
 * transfer chains and bursts. Each says why; an operator dismisses or confirms it with a note. While a player
 * has an open or confirmed flag, their withdrawals wait at the withdrawal desk.
 */
export default function RiskFlagsScreen() {
  const canReview = useCan('signals.review');
  const after = useAfterAction();
  const [status, setStatus] = useState<Status>('open');
  const [pending, setPending] = useState<Pending | null>(null);
  const flags = useQuery({
    queryKey: ['risk-flags', status],
    queryFn: ({ signal }) => call(endpoints.adminRiskFlags, { status }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

  const columns: Column<Flag>[] = [
    {
      id: 'kind',
      header: 'Signal',
      primary: true,
      cell: (f) => (
        <span>
          {kindLabel[f.kind]}{' '}
          <span className={styles.muted}>
            #{f.id}, {formatDateTime(f.created_at)}
          </span>
        </span>
      ),
    },
    {
      id: 'players',
      header: 'Players',
      cell: (f) => (
        <span className={styles.players}>
          {f.players.map((p) => (
            <PlayerCell key={p.id} player={p} />
          ))}
        </span>
      ),
    },
    { id: 'reason', header: 'Why', cell: (f) => <span className={styles.reason}>{f.reason}</span> },
    {
      id: 'status',
      header: 'Status',
      cell: (f) => (
        <span>
          <StatusPill tone={statusTone[f.status]}>{statusLabel[f.status]}</StatusPill>
          {f.reviewed_by && (
            <span className={styles.muted}>
              {f.reviewed_by.username}: {f.review_note}
            </span>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Risk flags"
        description="Accounts that share a device, address, payout number or UPI id, and transfers that form chains or bursts. A flagged player's withdrawals wait until the flag is reviewed or the hold is cleared."
      />
      <div className={styles.filters} role="group" aria-label="Show flags">
        {filters.map((f) => (
          <Button
            key={f.id}
            small
            variant={f.id === status ? 'primary' : 'outline'}
            aria-pressed={f.id === status}
            onClick={() => setStatus(f.id)}
          >
            {f.label}
          </Button>
        ))}
      </div>
      <Loaded query={flags} height={200} radius={12}>
        {(data) => (
          <Panel title={`${filters.find((f) => f.id === status)?.label ?? ''} flags (${data.flags.length})`}>
            <DataTable
              caption="Risk flags"
              columns={columns}
              rows={data.flags}
              rowKey={(f) => f.id}
              loading={flags.isFetching}
              empty={status === 'open' ? 'No flag waits for review.' : 'No flags here.'}
              rowTone={(f) =>
                f.status === 'confirmed' ? 'danger' : f.status === 'open' ? 'warning' : undefined
              }
              actions={(f) =>
                canReview && f.status === 'open' ? (
                  <>
                    {reviews.map(({ decision, label, tone }) => (
                      <Button
                        key={decision}
                        small
                        variant={tone}
                        onClick={() => setPending({ decision, flag: f })}
                      >
                        {label}
                      </Button>
                    ))}
                  </>
                ) : null
              }
            />
          </Panel>
        )}
      </Loaded>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.decision === 'confirm' ? 'Confirm flag' : 'Dismiss flag'}
        confirmLabel={pending?.decision === 'confirm' ? 'Confirm' : 'Dismiss'}
        busyText={pending?.decision === 'confirm' ? 'Confirming' : 'Dismissing'}
        tone={pending?.decision === 'confirm' ? 'danger' : 'primary'}
        reason={{ label: 'Note (kept in the audit log)', minLength: 3 }}
        onConfirm={async (note) => {
          if (!pending) return;
          const { flag, decision } = pending;
          await after(() => call(endpoints.adminRiskFlagReview, { id: flag.id, decision, note }), {
            success:
              decision === 'confirm'
                ? `Flag #${flag.id} confirmed: withdrawals stay held until cleared`
                : `Flag #${flag.id} dismissed`,
            refresh: [['risk-flags'], ['withdrawals'], ['player'], ['waiting']],
          });
        }}
      >
        {pending && (
          <p>
            {pending.decision === 'confirm'
              ? 'Confirm this flag: the withdrawals of '
              : 'Dismiss this flag: the withdrawals of '}
            {pending.flag.players.map((p) => p.user_name).join(', ')}
            {pending.decision === 'confirm'
              ? ' stay held until an operator clears each one.'
              : ' are released unless another flag still holds them.'}{' '}
            “{pending.flag.reason}”
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
