import { endpoints } from '@gama/core/endpoints';
import type { NotificationKind } from '@gama/core/endpoints/notifications/index';
import { useEffect } from 'react';
import { invalidateCachedAnswers } from '../../lib/cached-answers.ts';
import { profileResource } from '../../lib/profile.ts';
import { supportChanged } from '../../shared/support/unread.ts';
import { notificationsKey, unreadCount } from '../../shared/notifications/unread.ts';

/** Events that move the wallet: the header's balance is read again with the bell. */
const MOVES_WALLET: ReadonlySet<NotificationKind> = new Set([
  'deposit_approved',
  'withdrawal_rejected',
  'win',
]);
/** After the browser gives up on the stream (an answer that is not a stream), open it again this much later. */
const REOPEN_MS = 30_000;

function kindOf(data: unknown): NotificationKind | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const row: unknown = JSON.parse(data);
    const kind = typeof row === 'object' && row !== null ? (row as { kind?: unknown }).kind : undefined;
    return typeof kind === 'string' ? (kind as NotificationKind) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the bell live while the app is open: the server's event stream (Server-Sent Events, same origin, the
 * session cookie) says when a notification arrives, and the bell reads its count again. The browser
 * reconnects by itself with Last-Event-ID, so nothing sent while it was away is missed.
 */
/** The bell's count and the list (when the query client holds it) are read again. */
function notificationsChanged(): void {
  unreadCount.invalidate();
  invalidateCachedAnswers(notificationsKey);
}

export function useNotificationStream(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopen: number | undefined;
    const open = () => {
      source = new EventSource(endpoints.notificationsStream.path);
      source.addEventListener('notification', (event) => {
        notificationsChanged();
        const kind = kindOf((event as MessageEvent).data);
        if (kind && MOVES_WALLET.has(kind)) profileResource.invalidate();
        if (kind === 'support_reply') supportChanged();
      });
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        // What happened meanwhile is read from the list when it comes back.
        reopen = window.setTimeout(() => {
          notificationsChanged();
          supportChanged();
          open();
        }, REOPEN_MS);
      });
    };
    open();
    return () => {
      window.clearTimeout(reopen);
      source?.close();
    };
  }, [enabled]);
}
