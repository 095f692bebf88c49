import { Suspense, type ReactNode } from 'react';
import { Outlet } from '../../lib/router/index.ts';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { DownloadAppBar, LandingHeader, OfflineBanner } from '../../features/shell/index.ts';
import styles from './Layouts.module.css';
import { useFocusOnNavigate } from './use-focus-on-navigate.ts';

/** The logged-out frame (spec 01 "Logged-out landing"): matka-site header, Download App, Login. */
export function LandingFrame({ children }: { children: ReactNode }) {
  const main = useFocusOnNavigate<HTMLElement>();
  return (
    <div className={styles.shell}>
      <LandingHeader />
      <OfflineBanner />
      <main ref={main} tabIndex={-1} className={styles.main}>
        <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
      </main>
      <DownloadAppBar />
    </div>
  );
}

export default function LandingLayout() {
  return (
    <LandingFrame>
      <Outlet />
    </LandingFrame>
  );
}
