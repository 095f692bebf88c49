import { Suspense } from 'react';
import { Outlet } from '../../lib/router/index.ts';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { OfflineBanner } from '../../features/shell/index.ts';
import styles from './Layouts.module.css';
import { useFocusOnNavigate } from './use-focus-on-navigate.ts';

/** Sign-in and code screens: no header, no footer, nothing to tap away to by accident. */
export function BareLayout() {
  const main = useFocusOnNavigate<HTMLElement>();
  return (
    <main ref={main} tabIndex={-1} className={styles.bare}>
      <OfflineBanner />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
