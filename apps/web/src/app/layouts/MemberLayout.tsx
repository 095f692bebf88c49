import { Suspense, useState } from 'react';
import { Navigate, Outlet } from '../../lib/router/index.ts';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { BellButton } from '../../features/notifications/index.ts';
import { RealityCheck } from '../../features/play/index.ts';
import { AppHeader, BettingFooter, SideMenu, SimpleFooter, useLogout } from '../../features/shell/index.ts';
import { isBettingOn, useProfile } from '../../lib/profile.ts';
import { useStoredProfile } from '../../lib/session.ts';
import styles from './Layouts.module.css';
import { useFocusOnNavigate } from './use-focus-on-navigate.ts';

/** The signed-in frame: header with wallet, side menu, the page, and the footer that fits the account. */
export default function MemberLayout() {
  const stored = useStoredProfile();
  const profile = useProfile({ enabled: stored !== null });
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useFocusOnNavigate<HTMLElement>();
  const logout = useLogout();

  // Spec 01 section 4: no stored user means logged out, wherever the player is.
  if (stored === null) return <Navigate to="/login" replace />;

  const bettingOn = isBettingOn(profile.data);
  const walletAmount = profile.data
    ? bettingOn
      ? profile.data.wallet_amt
      : null
    : profile.isError
      ? null
      : undefined;

  return (
    <div className={styles.shell}>
      <AppHeader onOpenMenu={() => setMenuOpen(true)} walletAmount={walletAmount} bell={<BellButton />} />
      <SideMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        userName={profile.data?.user_name ?? stored.user_name}
        mobile={stored.mobile}
        bettingOn={bettingOn}
      />
      <main ref={main} tabIndex={-1} className={styles.main}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      {profile.data && (bettingOn ? <BettingFooter /> : <SimpleFooter />)}
      <RealityCheck onSignOut={() => logout.mutate()} signingOut={logout.isPending} />
    </div>
  );
}
