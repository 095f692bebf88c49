import { endpoints } from '@gama/core/endpoints';
import { audienceLabel, type Notice } from '@gama/core/endpoints/notices/index';
import { Button } from '@gama/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCan, useOperator } from '../../lib/session.ts';
import { DecisionDialog } from '../../shared/DecisionDialog.tsx';
import { Loaded } from '../../shared/Loaded.tsx';
import { DecisionButtons } from '../../shared/DecisionButtons.tsx';
import { useAfterAction } from '../../shared/use-action.ts';
import { ComposeNotice } from './ComposeNotice.tsx';
import styles from './NoticesScreen.module.css';
import { noticesKey, playersText } from './shared.ts';

type Pending = { kind: 'approve' | 'reject'; notice: Notice };

const audienceOf = (n: Notice) => audienceLabel(n.audience, n.market_name);
const words = (n: Notice) => (
  <span>
    <strong>{n.title}</strong>
    <span className={styles.sub}>{n.text}</span>
    {n.title_hi && <span className={styles.sub}>Hindi: {n.title_hi}</span>}
    {n.link && <span className={styles.sub}>Opens {n.link}</span>}
  </span>
);

/**
 * Notices to players (decision 037): compose and preview, the proposals waiting for a second operator (decided
 * as held credits are: never by their maker), and what was sent, by whom, approved by whom, to how many.
 */
export default function NoticesScreen() {
  const me = useOperator();
  const canSend = useCan('notices.send');
  const canApprove = useCan('notices.approve');
  const after = useAfterAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const list = useQuery({
    queryKey: [...noticesKey, 'all'],
    queryFn: ({ signal }) => call(endpoints.adminNotices, { state: 'all' }, { signal }),
    refetchInterval: 30_000,
  });
  const waiting = list.data?.notices.filter((n) => n.state === 'pending_approval') ?? [];
  const done = list.data?.notices.filter((n) => n.state !== 'pending_approval') ?? [];

  const waitingColumns: Column<Notice>[] = [
    { id: 'notice', header: 'Notice', primary: true, cell: words },
    {
      id: 'audience',
      header: 'Audience',
      cell: (n) => `${audienceOf(n)} (${n.counted.toLocaleString('en-IN')} when proposed)`,
    },
    {
      id: 'maker',
      header: 'Proposed by',
      cell: (n) => `${n.maker.id === me.id ? 'you' : n.maker.username}, ${formatDateTime(n.created_at)}`,
    },
  ];
  const sentColumns: Column<Notice>[] = [
    { id: 'notice', header: 'Notice', primary: true, cell: words },
    { id: 'audience', header: 'Audience', cell: audienceOf },
    {
      id: 'players',
      header: 'Players',
      cell: (n) => (n.recipients === null ? 'none' : n.recipients.toLocaleString('en-IN')),
    },
    { id: 'maker', header: 'Sent by', cell: (n) => n.maker.username },
    {
      id: 'checker',
      header: 'Approved by',
      cell: (n) =>
        n.state === 'rejected'
          ? `Rejected by ${n.checker?.username ?? ''}: ${n.decision_reason ?? ''}`
          : (n.checker?.username ?? 'Sent alone'),
    },
    {
      id: 'when',
      header: 'When',
      cell: (n) => formatDateTime(n.sent_at ?? n.decided_at ?? n.created_at),
    },
  ];

  return (
    <>
      <PageHeader
        title="Notices"
        description="A notice reaches players in the bell and, with offers on, on their phones. Past the owner's daily audience a second operator approves it."
      />
      {canSend && <ComposeNotice />}
      <Loaded query={list} height={160} radius={12}>
        {() => (
          <>
            <Panel title={`Waiting for approval (${waiting.length})`}>
              <DataTable
                caption="Notices waiting for a second operator"
                columns={waitingColumns}
                rows={waiting}
                rowKey={(n) => n.id}
                empty="Nothing waits for approval."
                actions={(n) =>
                  !canApprove ? null : n.maker.id === me.id ? (
                    <>
                      <span className={styles.own}>Yours: another operator must approve</span>
                      <Button
                        small
                        variant="outline"
                        onClick={() => setPending({ kind: 'reject', notice: n })}
                      >
                        Withdraw
                      </Button>
                    </>
                  ) : (
                    <DecisionButtons
                      approveLabel="Approve and send"
                      approveTone="primary"
                      onApprove={() => setPending({ kind: 'approve', notice: n })}
                      onReject={() => setPending({ kind: 'reject', notice: n })}
                    />
                  )
                }
              />
            </Panel>
            <Panel title="Sent and rejected notices">
              <DataTable
                caption="Notices sent or rejected, newest first"
                columns={sentColumns}
                rows={done}
                rowKey={(n) => n.id}
                empty="No notice has been sent yet."
              />
            </Panel>
          </>
        )}
      </Loaded>
      <DecisionDialog
        pending={pending}
        onClose={() => setPending(null)}
        approve={{
          title: 'Approve and send notice',
          confirmLabel: 'Approve and send',
          busyText: 'Sending',
          tone: 'primary',
        }}
        reject={{
          title: 'Reject notice',
          confirmLabel: 'Reject',
          busyText: 'Rejecting',
          reasonLabel: 'Reason (the proposer sees it)',
        }}
        onApprove={({ notice }) =>
          after(() => call(endpoints.adminNoticeApprove, { id: notice.id }), {
            success: (a) =>
              a.already_decided
                ? 'Already sent: nothing more was sent'
                : `Sent to ${playersText(a.notice.recipients ?? 0)}`,
            refresh: [noticesKey],
          })
        }
        onReject={({ notice }, reason) =>
          after(() => call(endpoints.adminNoticeReject, { id: notice.id, reason }), {
            success: 'Notice rejected: nothing was sent',
            refresh: [noticesKey],
          })
        }
      >
        {({ kind, notice }) => (
          <p>
            {kind === 'approve' ? 'Send' : 'Reject'} “<strong>{notice.title}</strong>” by{' '}
            {notice.maker.username} to {audienceOf(notice).toLowerCase()}.
            {kind === 'approve'
              ? ' Its players are counted again now, and it is sent once.'
              : ' Nothing is sent.'}
          </p>
        )}
      </DecisionDialog>
    </>
  );
}
