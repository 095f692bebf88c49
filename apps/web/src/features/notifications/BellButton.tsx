import { bell } from '@gama/core/contract/notification-bell';
import { UnreadBadge } from '@gama/ui/UnreadBadge';
import { Bell } from 'lucide-react';
import { Link } from '../../lib/router/index.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { useUnreadCount } from '../../shared/notifications/unread.ts';
import { useNotificationStream } from './live.ts';
import styles from './BellButton.module.css';

/** The header's bell: the unread count, kept live by the event stream; opens the list. */
export function BellButton() {
  useNotificationStream(true);
  const unread = useUnreadCount(true).data ?? 0;
  const t = useT();
  return (
    <Link
      to="/notifications"
      className={styles.bell}
      aria-label={unread > 0 ? t('Notifications, {n} unread', { n: unread }) : t(bell)}
      data-testid="notification-bell"
    >
      <Bell size={24} aria-hidden="true" />
      <UnreadBadge count={unread} className={styles.badge} testId="notification-count" />
    </Link>
  );
}
