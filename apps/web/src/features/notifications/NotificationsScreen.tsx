import { notificationMessages as m } from '@gama/core/contract/notification-messages';
import type { NotificationKind } from '@gama/core/endpoints/notifications/index';
import { noticeWords } from '@gama/core/endpoints/notices/index';
import type { Answer } from '@gama/core/endpoints/define';
import type { endpoints } from '@gama/core/endpoints';
import { formatPoints } from '@gama/core/rules/money';
import {
  BadgeCheck,
  BadgeX,
  Banknote,
  Gift,
  Megaphone,
  MessageCircle,
  Trophy,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@gama/ui/Button';
import { Skeleton } from '@gama/ui/Skeleton';
import { Page } from '../../components/Page.tsx';
import { Link } from '../../lib/router/index.ts';
import { useT, type Translate } from '../../lib/i18n/use-t.ts';
import { useMarkAllRead, useNotificationList } from './api.ts';
import { PushSettings } from './PushSettings.tsx';
import styles from './Notifications.module.css';

type Row = Answer<typeof endpoints.notifications>['notifications'][number];

const LOOK: Record<NotificationKind, { icon: LucideIcon; tone: 'success' | 'danger' | 'money' | 'brand' }> = {
  deposit_approved: { icon: BadgeCheck, tone: 'success' },
  deposit_rejected: { icon: BadgeX, tone: 'danger' },
  withdrawal_paid: { icon: Banknote, tone: 'success' },
  withdrawal_rejected: { icon: Undo2, tone: 'danger' },
  win: { icon: Trophy, tone: 'money' },
  result: { icon: Megaphone, tone: 'brand' },
  support_reply: { icon: MessageCircle, tone: 'brand' },
  offer: { icon: Gift, tone: 'money' },
};

/**
 * A row's words, from its facts, in the shown language: the templates of `notification-messages.ts` from the
 * catalogue (the operator's reason stays as they wrote it, translated only when it is a known text).
 */
function describeNotification(row: Row, t: Translate): { title: string; detail: string | null } {
  const points = row.amount_paise === null ? '' : formatPoints(row.amount_paise, { decimals: 'when-needed' });
  const market = row.market ?? '';
  const reason = row.detail === null ? null : t('Reason: {reason}', { reason: t.fromServer(row.detail) });
  switch (row.kind) {
    case 'deposit_approved':
      return {
        title: t('Deposit of {points} points approved', { points }),
        detail: t(m.depositApprovedDetail),
      };
    case 'deposit_rejected':
      return { title: t('Deposit of {points} points rejected', { points }), detail: reason };
    case 'withdrawal_paid':
      return {
        title: t('Withdrawal of {points} points paid', { points }),
        detail: t(m.withdrawalPaidDetail),
      };
    case 'withdrawal_rejected':
      return {
        title: t('Withdrawal of {points} points rejected', { points }),
        detail: [reason, t(m.withdrawalRejectedDetail)].filter(Boolean).join(' '),
      };
    case 'win':
      return {
        title: t('You won {points} points', { points }),
        detail: t('Credited to your wallet from {market}.', { market }),
      };
    case 'result':
      return {
        title: t('{market} result declared', { market }),
        detail: row.detail === null ? null : t('Result: {value}', { value: row.detail }),
      };
    case 'support_reply':
      return { title: t('Support replied to you'), detail: t('Open Support to read the reply.') };
    case 'offer': {
      // The operator's own words: the Hindi ones in Hindi when they wrote them (decision 037).
      const words = row.notice ? noticeWords(row.notice, t.language) : { title: '', text: '' };
      return { title: words.title, detail: words.text };
    }
  }
}

/** The bell's list: newest first, older pages on request; opening it marks everything read. */
export default function NotificationsScreen() {
  const list = useNotificationList();
  const markRead = useMarkAllRead();
  const t = useT();
  const marked = useRef(false);
  const firstPage = list.data?.pages[0];
  const { mutate } = markRead;
  useEffect(() => {
    if (!firstPage || marked.current || firstPage.unread === 0) return;
    marked.current = true;
    mutate();
  }, [firstPage, mutate]);

  const rows = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  return (
    <Page title={t(m.title)}>
      <PushSettings />
      {list.isPending ? (
        <div className={styles.list} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={72} radius={12} />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{t(m.empty)}</p>
      ) : (
        <ul className={styles.list} data-testid="notification-list">
          {rows.map((row) => {
            const look = LOOK[row.kind];
            const Icon = look.icon;
            const text = describeNotification(row, t);
            return (
              <li key={row.id} className={styles.item} data-unread={row.read ? undefined : 'true'}>
                <span className={styles.icon} data-tone={look.tone} aria-hidden="true">
                  <Icon size={22} />
                </span>
                <div className={styles.body}>
                  <p className={styles.itemTitle}>
                    {text.title}
                    {!row.read && <span className={styles.newTag}>{t('New')}</span>}
                  </p>
                  {text.detail && <p className={styles.detail}>{text.detail}</p>}
                  {row.notice?.link && (
                    <Link className={styles.open} to={row.notice.link}>
                      {t('See more')}
                    </Link>
                  )}
                  <time className={styles.time} dateTime={row.created_at}>
                    {t.date(row.created_at, 'dayTime')}
                  </time>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="outline"
          block
          busy={list.isFetchingNextPage}
          busyText={t(m.loading)}
          onClick={() => void list.fetchNextPage()}
        >
          {t(m.loadMore)}
        </Button>
      )}
      {rows.length > 0 && <p className={styles.kept}>{t(m.kept)}</p>}
    </Page>
  );
}
