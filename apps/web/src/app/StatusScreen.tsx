import { ArrowLeft, House, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@gama/ui/Button';
import { LogoMark } from '@gama/ui/Logo';
import styles from './StatusScreen.module.css';

function StatusFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.screen}>
      <div className={styles.bar}>
        <LogoMark size={30} />
        Gama
      </div>
      <main className={styles.body}>{children}</main>
    </div>
  );
}

/** Unknown paths, including screens that arrive in later releases. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <StatusFrame>
      <span className={styles.badge} aria-hidden="true">
        <SearchX size={44} />
      </span>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>
        This page does not exist or is not available yet. Let us get you back on track.
      </p>
      <div className={styles.actions}>
        <ButtonLink to="/" replace block large icon={<House size={20} aria-hidden="true" />}>
          Go to Home
        </ButtonLink>
        <Button
          variant="ghost"
          block
          onClick={() => void navigate(-1)}
          icon={<ArrowLeft size={20} aria-hidden="true" />}
        >
          Go back
        </Button>
      </div>
    </StatusFrame>
  );
}

/** A crash or a screen that failed to download (an old tab after an update): reloading fixes both. */
export function RouteErrorScreen() {
  return (
    <StatusFrame>
      <span className={styles.badge} aria-hidden="true">
        <TriangleAlert size={44} />
      </span>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>Please check your connection and reload the page.</p>
      <div className={styles.actions}>
        <Button
          block
          large
          onClick={() => window.location.reload()}
          icon={<RefreshCw size={20} aria-hidden="true" />}
        >
          Reload
        </Button>
      </div>
    </StatusFrame>
  );
}
