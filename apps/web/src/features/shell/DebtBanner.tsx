import { debtBlocked } from '@gama/core/contract/debt-message';
import { CirclePlus, TriangleAlert } from 'lucide-react';
import { Link } from '../../lib/router/index.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { isBettingOn, useProfile } from '../../lib/profile.ts';
import styles from './Shell.module.css';

/**
 * Game-rules D7: after a corrected result the account may owe points; bids, withdrawals and transfers are
 * refused until it is paid, so the player is told why on every screen, with the way out next to it.
 */
export function DebtBanner() {
  const profile = useProfile();
  const t = useT();
  const debt = profile.data?.debt_amt;
  if (!debt || !/[1-9]/.test(debt)) return null;
  return (
    <div className={styles.debtBanner} role="status" data-testid="debt-banner">
      <TriangleAlert size={20} aria-hidden="true" className={styles.debtIcon} />
      <p className={styles.debtText}>{t.fromServer(debtBlocked(debt))}</p>
      {isBettingOn(profile.data) && (
        <Link to="/imp9" className={styles.debtAction}>
          <CirclePlus size={18} aria-hidden="true" />
          {t('Add Funds')}
        </Link>
      )}
    </div>
  );
}
