import { realityCheckDue } from '@gama/core/rules/reality-check';
import { Button } from '@gama/ui/Button';
import { Dialog } from '@gama/ui/Dialog';
import { Skeleton } from '@gama/ui/Skeleton';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/use-t.ts';
import { useResource } from '../../lib/resource.ts';
import { realityCheck } from './api.ts';
import {
  netPoints,
  onAnsweredElsewhere,
  readAnswered,
  sessionLength,
  storeAnswered,
} from './reality-check.ts';
import styles from './PlayLimits.module.css';

interface RealityCheckProps {
  /** Signs the player out (the shell's logout: the server ends the session first). */
  onSignOut: () => void;
  signingOut: boolean;
}

/**
 * The reality check (issue 16; UKGC RTS 13): at each interval the player chose, counted from sign-in as the
 * server says, a dialog with the time and net result since sign-in, and Continue or Sign out. The schedule
 * comes from the server's sign-in time and clock, so a reload neither resets nor skips it: a check that came
 * due and was not answered shows again at once.
 */
export function RealityCheck({ onSignOut, signingOut }: RealityCheckProps) {
  const check = useResource(realityCheck);
  const t = useT();
  // Re-read the stored answer when another tab answers the same check.
  const [, setAnswerSeen] = useState(0);
  useEffect(() => onAnsweredElsewhere(() => setAnswerSeen((n) => n + 1)), []);

  const data = check.data;
  const answeredAt = data ? readAnswered(data.signed_in_at) : null;
  const due = data ? realityCheckDue(new Date(data.signed_in_at), data.interval_minutes, answeredAt) : null;
  const dueMs = due?.getTime() ?? null;
  const offsetMs = data?.offsetMs ?? 0;

  // The check on screen (its due time) and when it opened: its figures must be fetched after that.
  const [shown, setShown] = useState<{ due: number; openedAt: number } | null>(null);
  const lastShown = useRef<number | null>(null);
  const { refetch } = check;
  useEffect(() => {
    if (dueMs === null) return undefined;
    const timer = window.setTimeout(
      () => {
        if (lastShown.current === dueMs) return;
        lastShown.current = dueMs;
        setShown({ due: dueMs, openedAt: Date.now() });
        void refetch();
      },
      // A wait past 2^31 ms would fire at once; the longest interval is an hour, so it never needs one.
      Math.min(Math.max(0, dueMs - (Date.now() + offsetMs)), 2 ** 31 - 1),
    );
    return () => window.clearTimeout(timer);
  }, [dueMs, offsetMs, refetch]);

  const open =
    shown !== null && data !== undefined && (answeredAt === null || answeredAt.getTime() < shown.due);
  const fresh = shown !== null && (check.updatedAt >= shown.openedAt || check.isError);

  const answer = () => {
    if (!data || !shown) return;
    storeAnswered(data.signed_in_at, new Date(Date.now() + data.offsetMs));
    setShown(null);
  };

  return (
    <Dialog open={open} onClose={answer} title={t('Reality check')}>
      {data && fresh ? (
        <dl className={styles.reality}>
          <div>
            <dt>{t('Time since sign-in')}</dt>
            <dd data-testid="reality-time">
              {sessionLength(Date.parse(data.server_time) - Date.parse(data.signed_in_at), t)}
            </dd>
          </div>
          <div>
            <dt>{t('Net result since sign-in')}</dt>
            <dd data-testid="reality-net">{t('{points} points', { points: netPoints(data.net) })}</dd>
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
        <Button onClick={answer} data-autofocus disabled={signingOut}>
          {t('Continue')}
        </Button>
      </div>
    </Dialog>
  );
}
