import { endpoints } from '@gama/core/endpoints';
import { SUPPORT_MESSAGE_MAX } from '@gama/core/endpoints/support/index';
import { Button } from '@gama/ui/Button';
import { Skeleton } from '@gama/ui/Skeleton';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { errorMessage, urlOf } from '../../lib/api-client.ts';
import { useCan } from '../../lib/session.ts';
import { useCanned, useSupportOperators, useThread, useThreadAction } from './api.ts';
import { refLabel, refPath } from './record-link.ts';
import { when } from './when.ts';
import styles from './Support.module.css';

/** One conversation: the player and the record it is about (one click away), the messages, the answer box. */
export function ThreadView({ id, onBack }: { id: number; onBack: () => void }) {
  const thread = useThread(id);
  const canReply = useCan('support.reply');
  const operators = useSupportOperators();
  const canned = useCanned();
  const action = useThreadAction();
  const [text, setText] = useState('');

  if (thread.isPending) return <Skeleton height={320} radius={12} />;
  if (thread.isError) return <ErrorNotice error={thread.error} onRetry={() => void thread.refetch()} />;
  const { thread: t, messages } = thread.data;
  const run = (a: Parameters<typeof action.mutate>[0], done?: string) =>
    action.mutate(a, {
      onSuccess: () => {
        if (done) toast.success(done);
        if (a.kind === 'reply') setText('');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <div className={styles.thread}>
      <header className={styles.threadHead}>
        <button type="button" className={styles.back} onClick={onBack}>
          <ArrowLeft size={16} aria-hidden="true" /> Inbox
        </button>
        <div className={styles.threadWho}>
          <Link to={`/players/${t.player.id}`} className={styles.playerLink}>
            {t.player.user_name} · {t.player.mobile}
          </Link>
          {t.ref && (
            <Link to={refPath(t.player.id, t.ref)} className={styles.tag} data-testid="support-record">
              {refLabel(t.ref)}
            </Link>
          )}
          <StatusPill tone={t.status === 'open' ? 'info' : 'pending'}>
            {t.status === 'open' ? 'Open' : 'Closed'}
          </StatusPill>
        </div>
        {canReply && (
          <div className={styles.threadActions}>
            <label className={styles.assign}>
              <span>Assigned to</span>
              <select
                value={t.assignee?.id ?? ''}
                onChange={(e) => run({ kind: 'assign', id, operatorId: Number(e.target.value) }, 'Assigned')}
              >
                {t.assignee === null && <option value="">Nobody</option>}
                {(operators.data?.operators ?? []).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.username}
                  </option>
                ))}
              </select>
            </label>
            <Button
              small
              variant="outline"
              onClick={() =>
                t.status === 'open'
                  ? run({ kind: 'close', id }, 'Conversation closed')
                  : run({ kind: 'reopen', id }, 'Conversation reopened')
              }
            >
              {t.status === 'open' ? 'Close' : 'Reopen'}
            </Button>
          </div>
        )}
      </header>
      <ol className={styles.messages} data-testid="support-messages">
        {messages.map((m) => (
          <li key={m.id} className={styles.message} data-from={m.from}>
            <span className={styles.meta}>
              {m.from === 'player' ? t.player.user_name : (m.operator ?? 'Support')} · {when(m.created_at)}
            </span>
            {m.text && <p className={styles.body}>{m.text}</p>}
            {m.has_image && (
              <a href={urlOf(endpoints.adminSupportImage, { id: m.id })} target="_blank" rel="noreferrer">
                <img
                  className={styles.shot}
                  src={urlOf(endpoints.adminSupportImage, { id: m.id })}
                  alt="Screenshot the player attached"
                />
              </a>
            )}
          </li>
        ))}
      </ol>
      {canReply && t.status === 'open' && (
        <form
          className={styles.compose}
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() !== '') run({ kind: 'reply', id, text });
          }}
        >
          {(canned.data?.replies.length ?? 0) > 0 && (
            <label className={styles.assign}>
              <span>Canned reply</span>
              <select
                value=""
                onChange={(e) => {
                  const reply = canned.data?.replies[Number(e.target.value)];
                  if (reply) setText(reply.text);
                }}
              >
                <option value="">Choose…</option>
                {canned.data?.replies.map((r, i) => (
                  <option key={r.title} value={i}>
                    {r.title}
                  </option>
                ))}
              </select>
            </label>
          )}
          <textarea
            className={styles.textarea}
            aria-label="Reply"
            value={text}
            maxLength={SUPPORT_MESSAGE_MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder="Write to the player"
          />
          <Button type="submit" busy={action.isPending} busyText="Sending" disabled={text.trim() === ''}>
            Send reply
          </Button>
        </form>
      )}
    </div>
  );
}
