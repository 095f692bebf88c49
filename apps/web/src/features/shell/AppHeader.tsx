import { Menu, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router/index.ts';
import { LogoMark } from '@gama/ui/Logo';
import { Skeleton } from '@gama/ui/Skeleton';
import { useT } from '../../lib/i18n/use-t.ts';
import { DebtBanner } from './DebtBanner.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import styles from './Shell.module.css';

interface AppHeaderProps {
  onOpenMenu: () => void;
  /** undefined while the profile loads; null when betting is off (no wallet shown). */
  walletAmount: string | null | undefined;
  /** The notification bell, which the app layer supplies (no feature imports another). */
  bell?: ReactNode;
}

export function AppHeader({ onOpenMenu, walletAmount, bell }: AppHeaderProps) {
  const t = useT();
  return (
    <>
      <header className={styles.header}>
        <button type="button" className={styles.iconButton} onClick={onOpenMenu} aria-label={t('Open menu')}>
          <Menu size={26} aria-hidden="true" />
        </button>
        <Link to="/imp" className={styles.brand} aria-label={t('Gama home')}>
          <LogoMark size={30} />
          <span className={styles.brandName}>Gama</span>
        </Link>
        {walletAmount === undefined && <Skeleton width={84} height={36} radius={999} />}
        {typeof walletAmount === 'string' && (
          <Link
            to="/imp7"
            className={styles.wallet}
            aria-label={t('Wallet balance {points} points', { points: walletAmount })}
          >
            <Wallet size={18} aria-hidden="true" />
            <span data-testid="wallet-amount">{walletAmount}</span>
          </Link>
        )}
        {bell}
      </header>
      <OfflineBanner />
      <DebtBanner />
    </>
  );
}
