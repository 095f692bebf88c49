import { appShellMessages } from '@gama/core/contract/app-shell-messages';
import { WifiOff } from 'lucide-react';
import { useT } from '../../lib/i18n/use-t.ts';
import { useOnline } from '../../lib/online.ts';
import styles from './Shell.module.css';

/**
 * The app shell opens from the service worker's cache without a network, but nothing the player's money depends
 * on is ever cached: say so plainly instead of letting every list fail one by one.
 */
export function OfflineBanner() {
  const online = useOnline();
  const t = useT();
  if (online) return null;
  return (
    <div className={styles.offlineBanner} role="status" data-testid="offline-banner">
      <WifiOff size={20} aria-hidden="true" className={styles.debtIcon} />
      <p className={styles.debtText}>
        <strong>{t(appShellMessages.offline)}</strong>
        <span className={styles.offlineDetail}>{t(appShellMessages.offlineDetail)}</span>
      </p>
    </div>
  );
}
