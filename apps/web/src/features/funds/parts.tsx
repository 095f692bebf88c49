import { ChevronRight, Inbox, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from '../../lib/router/index.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { Skeleton } from '@gama/ui/Skeleton';
import { useProfile } from '../../lib/profile.ts';
import styles from './Funds.module.css';

export { styles as fundsStyles };

/** The balance as the header shows it, larger: the player sees what they can move before moving it. */
export function WalletCard({ children }: { children?: ReactNode }) {
  const profile = useProfile();
  const t = useT();
  return (
    <section className={styles.wallet} aria-label={t('Wallet')}>
      <p className={styles.walletLabel}>
        <Wallet size={18} aria-hidden="true" />
        {t('Wallet balance')}
      </p>
      {profile.data ? (
        <p className={styles.walletAmount} data-testid="funds-wallet">
          {profile.data.wallet_amt}
          <span className={styles.walletUnit}>{t('points')}</span>
        </p>
      ) : (
        <Skeleton height={38} width="45%" />
      )}
      {children}
    </section>
  );
}

interface TileLinkProps extends LinkProps {
  icon: ReactNode;
  hint?: string;
  money?: boolean;
}

export function TileLink({ icon, hint, money, children, className, ...rest }: TileLinkProps) {
  return (
    <Link {...rest} className={[styles.tile, money && styles.tileMoney, className].filter(Boolean).join(' ')}>
      <span className={styles.tileIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.tileText}>
        <span>{children}</span>
        {hint && <span className={styles.tileHint}>{hint}</span>}
      </span>
      <ChevronRight size={20} className={styles.chevron} aria-hidden="true" />
    </Link>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon} aria-hidden="true">
        <Inbox size={26} />
      </span>
      <p>{children}</p>
    </div>
  );
}

export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.list} role="status" aria-label={label}>
      <Skeleton height={64} radius={12} />
      <Skeleton height={64} radius={12} />
      <Skeleton height={64} radius={12} />
    </div>
  );
}

/** Short letters on a coloured disc: the app ships no third-party logos. */
export function MethodBadge({ text }: { text: string }) {
  return (
    <span className={styles.methodBadge} aria-hidden="true">
      {text}
    </span>
  );
}
