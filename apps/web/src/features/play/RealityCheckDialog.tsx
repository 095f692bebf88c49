import { Button } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { Skeleton } from '@gama/ui/Skeleton';
import { useT } from '../../lib/i18n/use-t.ts';
import { netPoints, sessionLength } from './reality-figures.ts';
import styles from './PlayLimits.module.css';

/** The session's figures as the server gave them when the check opened (`/api-reality-check`). */
export interface RealityFigures {
  signed_in_at: string;
  server_time: string;
  net: string;
}

export interface RealityCheckDialogProps {
  open: boolean;
  /** Continue, Escape or the close button: the check is answered. */
  onClose: () => void;
  /** Undefined until figures read after the check opened have arrived (a skeleton meanwhile). */
  figures: RealityFigures | undefined;
  onSignOut: () => void;
  signingOut: boolean;
}

/**
 * What the reality check shows: the time and net result since sign-in, and Continue or Sign out. When it opens
 * is RealityCheck.tsx's business, in the frame on every screen; this comes as a chunk of its own before it is due.
 */
export default function RealityCheckDialog({
  open,
  onClose,
  figures,
  onSignOut,
  signingOut,
}: RealityCheckDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('Reality check')}>
      {figures ? (
        <dl className={styles.reality}>
          <div>
            <dt>{t('Time since sign-in')}</dt>
            <dd data-testid="reality-time">
              {sessionLength(Date.parse(figures.server_time) - Date.parse(figures.signed_in_at), t)}
            </dd>
          </div>
          <div>
            <dt>{t('Net result since sign-in')}</dt>
            <dd data-testid="reality-net">{t('{points} points', { points: netPoints(figures.net) })}</dd>
          </div>
        </dl>
      ) : (
        <div role="status" aria-label={t('Loading your session figures')}>
          <Skeleton height={24} />
          <Skeleton height={24} />
        </div>
      )}
      <p className={styles.hint}>{t('Net result is your winnings minus your stakes.')}</p>
      <div className={styles.realityActions}>
        <Button variant="outline" onClick={onSignOut} busy={signingOut} busyText={t('Signing out...')}>
          {t('Sign out')}
        </Button>
        <Button onClick={onClose} data-autofocus disabled={signingOut}>
          {t('Continue')}
        </Button>
      </div>
    </Dialog>
  );
}
