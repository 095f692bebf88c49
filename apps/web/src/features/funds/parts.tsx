import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import type { Text } from '@gama/core/i18n/texts';
import { ChevronRight, Inbox, IndianRupee, TriangleAlert, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { TextField } from '@gama/ui/Field';
import { Card } from '../../components/Page.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { Link, type LinkProps } from '../../lib/router/index.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { Skeleton } from '@gama/ui/Skeleton';
import { useProfile } from '../../lib/profile.ts';
import { useMinDeposit } from './api.ts';
import { digitsOnly } from './money.ts';
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

function TileLink({ icon, hint, money, children, className, ...rest }: TileLinkProps) {
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

/** One way on from a funds screen: where it leads, its icon, its name and what it is for. */
export interface Tile {
  to: string;
  icon: LucideIcon;
  label: Text;
  hint?: Text;
  /** A way to pay or be paid, drawn in the money colour. */
  money?: boolean;
}

/** A funds screen's menu: one tile per entry, in the table's order. */
export function TileMenu({ label, tiles }: { label: string; tiles: readonly Tile[] }) {
  const t = useT();
  return (
    <nav className={styles.tiles} aria-label={label}>
      {tiles.map(({ to, icon: Icon, label: name, hint, money }) => (
        <TileLink key={to} to={to} money={money} icon={<Icon size={22} />} hint={hint && t(hint)}>
          {t(name)}
        </TileLink>
      ))}
    </nav>
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

/**
 * The points a funds form moves (a deposit, a withdrawal, a transfer): whole points on the digit pad, so only
 * digits reach `onValueChange`.
 */
export function AmountField({
  label,
  name = 'amount',
  icon = <IndianRupee size={20} />,
  placeholder,
  value,
  error,
  onValueChange,
  onEdit,
}: {
  /** Defaults to "Amount". */
  label?: string;
  name?: string;
  icon?: ReactNode;
  placeholder: string;
  value: string;
  error: string | undefined;
  onValueChange: (digits: string) => void;
  /** After every change: a changed amount is a new request, so the form starts a new key here. */
  onEdit?: () => void;
}) {
  const t = useT();
  return (
    <TextField
      label={label ?? t('Amount')}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      icon={icon}
      value={value}
      onValueChange={(typed) => {
        onValueChange(digitsOnly(typed));
        onEdit?.();
      }}
      error={error}
    />
  );
}

/**
 * The server's minimum deposit as the UPI and QR forms use it: the amount field's placeholder (its name until
 * the minimum arrives) and the check of a typed amount against it.
 */
export function useDepositMinimum() {
  const query = useMinDeposit();
  const t = useT();
  const min = query.data ?? 0;
  return {
    query,
    placeholder: query.isPending ? t('Amount') : t('Minimum {min}', { min }),
    check: (points: number | null) =>
      points === null || points < min || points === 0 ? m.depositMin(String(min)) : null,
  };
}

/** A funds screen's card for one step or offer, headed by its icon and title. */
export function SectionCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>
        <Icon size={20} aria-hidden="true" />
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** What stops the screen (a failed read, a way to pay that is off), announced as it appears. */
export function AlertNotice({
  icon: Icon = TriangleAlert,
  children,
}: {
  icon?: LucideIcon;
  children: ReactNode;
}) {
  return (
    <p className={styles.notice} role="alert">
      <Icon size={18} aria-hidden="true" />
      {children}
    </p>
  );
}

/** A read that failed, in the server's words. */
export function LoadError({ error }: { error: unknown }) {
  const t = useT();
  return <AlertNotice>{t.fromServer(errorMessage(error))}</AlertNotice>;
}
