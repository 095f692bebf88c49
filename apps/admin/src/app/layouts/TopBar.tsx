import { Button } from '@gama/ui/Button';
import { Clock, LogOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatClock, formatZone } from '../../lib/format.ts';
import { marketTimeZone, useServerNow } from '../../lib/market-clock.ts';
import { roleNames, useOperator } from '../../lib/session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { InboxBell } from './InboxBell.tsx';
import { WaitingCounts } from './WaitingCounts.tsx';
import styles from './TopBar.module.css';

/** Who is signed in and their role, the market clock, what waits for them, and sign out (console-design.md). */
export function TopBar({ menuButton }: { menuButton: ReactNode }) {
  const operator = useOperator();
  const now = useServerNow();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);

  return (
    <header className={styles.bar}>
      {menuButton}
      <WaitingCounts />
      <div className={styles.right}>
        <p className={styles.clock} title={`Market time (${marketTimeZone()})`}>
          <Clock size={16} aria-hidden="true" />
          <span className="tabular">{formatClock(now)}</span>
          <span className={styles.zone}>{formatZone(now)}</span>
        </p>
        <InboxBell />
        <p className={styles.who}>
          <span className={styles.name}>{operator.username}</span>
          <span className={styles.role}>{roleNames[operator.role]}</span>
        </p>
        <Button
          small
          variant="ghost"
          busy={busy}
          busyText="Signing out"
          icon={<LogOut size={16} aria-hidden="true" />}
          onClick={async () => {
            setBusy(true);
            await signOut();
          }}
        >
          <span className={styles.signOutText}>Sign out</span>
        </Button>
      </div>
    </header>
  );
}
