import { endpoints } from '@gama/core/endpoints';
import type { InboxItem } from '@gama/core/endpoints/inbox/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UnreadBadge } from '@gama/ui/UnreadBadge';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../lib/format.ts';
import { drawName } from '../../features/results/labels.ts';
import styles from './InboxBell.module.css';

const POLL_MS = 30_000;
const inboxKey = ['operator', 'inbox'] as const;

/**
 * The operator's own inbox (issue 32 item 10): a bell with the count of unread items that still call for
 * something, opening a list. Opening it marks what it shows read; the server only ever lists one's own items.
 */
export function InboxBell() {
  const queryClient = useQueryClient();
  const inbox = useQuery({
    queryKey: inboxKey,
    queryFn: ({ signal }) => call(endpoints.inbox, {}, { signal }),
    refetchInterval: POLL_MS,
  });
  const [open, setOpen] = useState(false);
  // What was unread when the list opened stays marked as new while it is open.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const unread = inbox.data?.unread ?? 0;
  const items = inbox.data?.items ?? [];

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    const ids = items.filter((item) => !item.read).map((item) => item.id);
    setFresh(new Set(ids));
    setOpen(true);
    if (ids.length > 0)
      void call(endpoints.inboxRead, { ids }).then(() =>
        queryClient.invalidateQueries({ queryKey: inboxKey }),
      );
  };

  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.bell}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Inbox, ${unread} unread` : 'Inbox'}
        onClick={toggle}
      >
        <Bell size={18} aria-hidden="true" />
        <UnreadBadge count={unread} className={styles.badge} testId="inbox-unread" />
      </button>
      {open && (
        <section id={panelId} className={styles.panel} aria-label="Inbox">
          <h2 className={styles.title}>Inbox</h2>
          {items.length === 0 ? (
            <p className={styles.empty}>Nothing for you yet.</p>
          ) : (
            <ul className={styles.list}>
              {items.map((item) => (
                <li key={item.id} className={fresh.has(item.id) ? styles.fresh : undefined}>
                  <Link
                    to={`/results?date=${item.declaration.date}`}
                    className={styles.item}
                    onClick={() => setOpen(false)}
                    data-testid="inbox-item"
                  >
                    <InboxText item={item} />
                    <span className={styles.when}>{formatDateTime(item.created_at)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

function InboxText({ item }: { item: InboxItem }) {
  const d = item.declaration;
  const draw = `${drawName(d.market_name, d.half, d.group)}, ${formatDay(d.date)}`;
  if (item.kind === 'declaration_rejected')
    return (
      <span>
        Your declaration <strong>{d.value}</strong> for {draw} was rejected by{' '}
        {d.checker?.username ?? 'another operator'}
        {d.decided_at ? ` on ${formatDateTime(d.decided_at)}` : ''}: “{d.reason ?? 'no reason given'}”
      </span>
    );
  return (
    <span>
      {d.maker.username} declared <strong>{d.value}</strong> for {draw}:{' '}
      {item.current ? 'waiting for your approval' : stateWords[d.state]}
    </span>
  );
}

const stateWords: Record<InboxItem['declaration']['state'], string> = {
  pending_approval: 'waiting for your approval',
  declared: 'approved',
  rejected: 'rejected',
  superseded: 'closed (declared another way)',
};
