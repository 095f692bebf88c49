import { percentOf } from '@gama/core/rules/measures';
import styles from './PayoutBar.module.css';

/**
 * What a number would pay against a draw's stakes, for the eye: a bar out of `scale`, red once it passes the
 * mark where the stakes sit (past it the house loses on that number). The figures stay in words next to it.
 */
export function PayoutBar({
  payout,
  stakes,
  scale,
  className,
}: {
  payout: number;
  stakes: number;
  scale: number;
  className?: string | undefined;
}) {
  const width = `${percentOf(payout, scale)}%`;
  const breakEven = `${percentOf(stakes, scale)}%`;
  return (
    <span className={[styles.track, className].filter(Boolean).join(' ')} aria-hidden="true">
      <span
        className={[styles.bar, payout > stakes && styles.loses].filter(Boolean).join(' ')}
        style={{ width }}
      />
      <span className={styles.breakEven} style={{ left: breakEven }} />
    </span>
  );
}
