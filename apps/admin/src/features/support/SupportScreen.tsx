import type { InboxRow } from '@gama/core/endpoints/support/index';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { useCan } from '../../lib/session.ts';
import { Loaded } from '../../shared/Loaded.tsx';
import { useInbox, type Box, type State } from './api.ts';
import { CannedEditor } from './CannedEditor.tsx';
import { refLabel } from './record-link.ts';
import { ThreadView } from './ThreadView.tsx';
import { when } from './when.ts';
import styles from './Support.module.css';

const boxes: { value: Box; label: string }[] = [
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'mine', label: 'Mine' },
  { value: 'all', label: 'All' },
];
const states: { value: State; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

/**
 * The support inbox: conversations players started from the app, the longest waiting first, and the open
 * one beside the list (alone on a phone). The filters and the open conversation are in the URL.
 */
export default function SupportScreen() {
  const [search, setSearch] = useSearchParams();
  const box = boxes.find((b) => b.value === search.get('box'))?.value ?? 'unassigned';
  const status = states.find((s) => s.value === search.get('status'))?.value ?? 'open';
  const threadId = Number(search.get('thread'));
  const open = Number.isSafeInteger(threadId) && threadId > 0 ? threadId : null;
  const inbox = useInbox(box, status);
  const canEditCanned = useCan('support.canned');
  const [editing, setEditing] = useState(false);
  const set = (next: { box?: Box; status?: State; thread?: number | null }) => {
    const params: Record<string, string> = { box: next.box ?? box, status: next.status ?? status };
    const thread = next.thread === undefined ? open : next.thread;
    if (thread !== null) params.thread = String(thread);
    setSearch(params, { replace: next.thread === undefined });
  };

  return (
    <>
      <PageHeader
        title="Support"
        description="Players' questions from the app, each with the deposit, withdrawal or bid it is about. Answers reach the player's open app at once."
        actions={
          canEditCanned && (
            <button type="button" className={styles.linkButton} onClick={() => setEditing((v) => !v)}>
              {editing ? 'Close canned replies' : 'Edit canned replies'}
            </button>
          )
        }
      />
      {editing && <CannedEditor onDone={() => setEditing(false)} />}
      <div className={styles.layout} data-open={open !== null ? 'true' : undefined}>
        <section className={styles.listPane} aria-label="Conversations">
          <div className={styles.filters}>
            <Segmented
              label="Whose"
              value={box}
              options={boxes}
              onChange={(value) => set({ box: value, thread: null })}
            />
            <Segmented
              label="State"
              value={status}
              options={states}
              onChange={(value) => set({ status: value, thread: null })}
            />
          </div>
          <Loaded query={inbox} height={240} radius={12}>
            {(data) =>
              data.rows.length === 0 ? (
                <p className={styles.empty}>No conversations here.</p>
              ) : (
                <ul className={styles.list} data-testid="support-inbox">
                  {data.rows.map((row: InboxRow) => (
                    <li key={row.id}>
                      <button
                        type="button"
                        className={styles.row}
                        aria-current={row.id === open ? 'true' : undefined}
                        onClick={() => set({ thread: row.id })}
                      >
                        <span className={styles.rowTop}>
                          <strong>{row.player.user_name}</strong>
                          <span className={styles.muted}>{when(row.last_at)}</span>
                        </span>
                        <span className={styles.rowText}>{row.last_text}</span>
                        <span className={styles.rowTags}>
                          {row.waiting && <StatusPill tone="warning">Waiting</StatusPill>}
                          {row.ref && <span className={styles.tag}>{refLabel(row.ref)}</span>}
                          <span className={styles.muted}>
                            {row.assignee ? row.assignee.username : 'Unassigned'}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )
            }
          </Loaded>
        </section>
        <section className={styles.threadPane} aria-label="Conversation">
          {open === null ? (
            <p className={styles.empty}>Choose a conversation.</p>
          ) : (
            <ThreadView key={open} id={open} onBack={() => set({ thread: null })} />
          )}
        </section>
      </div>
    </>
  );
}
