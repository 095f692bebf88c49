import { Dialog } from '@gama/ui/Dialog';
import { LogoMark } from '@gama/ui/Logo';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { Menu } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { useMe } from '../../lib/session.ts';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { visibleSections } from '../nav.ts';
import type { Role } from '@gama/core/operators/permissions';
import { TopBar } from './TopBar.tsx';
import { useIdleSignOut } from './use-idle-sign-out.ts';
import styles from './ConsoleLayout.module.css';

/** The signed-in desk: side navigation for the operator's role, the top bar, the screen. */
export default function ConsoleLayout() {
  const me = useMe();
  const location = useLocation();

  if (me.isPending) return <PageSkeleton />;
  if (me.isError) {
    if (isApiError(me.error) && me.error.httpStatus === 401) {
      const from = `${location.pathname}${location.search}`;
      // A session that sat idle says so even on a fresh page; "not signed in" needs no explanation.
      const state = me.error.code === 'SESSION_IDLE' ? { from, notice: me.error.message } : { from };
      return <Navigate to="/sign-in" replace state={state} />;
    }
    return (
      <div className={styles.failed}>
        <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  if (me.data.totp_enrolment_required) return <Navigate to="/enrol" replace />;
  return <Desk role={me.data.operator.role} idleSeconds={me.data.idle_timeout_seconds} />;
}

function Desk({ role, idleSeconds }: { role: Role; idleSeconds: number }) {
  const location = useLocation();
  // The phone menu belongs to the screen it was opened on: any navigation (a link, the back button) closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  const setMenuOpen = (open: boolean) => setMenuOpenedAt(open ? location.key : null);
  const main = useRef<HTMLElement>(null);
  useIdleSignOut(idleSeconds);

  // A new screen: move focus to the page for screen readers and keyboards.
  useEffect(() => {
    main.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <div className={styles.desk}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <aside className={styles.side}>
        <Brand />
        <Navigation role={role} />
      </aside>
      <div className={styles.column}>
        <TopBar
          menuButton={
            <button
              type="button"
              className={styles.menuButton}
              onClick={() => setMenuOpen(true)}
              aria-label="Open navigation"
            >
              <Menu size={22} aria-hidden="true" />
            </button>
          }
        />
        <main id="main" ref={main} tabIndex={-1} className={styles.main}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Dialog
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title="Navigation"
        hideTitle
        className={styles.drawer}
      >
        <div className={styles.drawerBody}>
          <Brand />
          <Navigation role={role} onNavigate={() => setMenuOpen(false)} />
        </div>
      </Dialog>
    </div>
  );
}

function Brand() {
  return (
    <div className={styles.brand}>
      <LogoMark size={30} />
      <span>
        Gama <small>Console</small>
      </span>
    </div>
  );
}

function Navigation({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  return (
    <nav className={styles.nav} aria-label="Console">
      {visibleSections(role).map((section) => (
        <div key={section.title} className={styles.section}>
          <p className={styles.sectionTitle}>{section.title}</p>
          <ul>
            {section.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    [styles.link, isActive && styles.active].filter(Boolean).join(' ')
                  }
                >
                  <item.icon size={18} aria-hidden="true" />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
