import { ArrowLeft, House, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from '../lib/router/index.ts';
import { Button } from '@gama/ui/Button';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { LogoMark } from '@gama/ui/Logo';
import { useT } from '../lib/i18n/use-t.ts';
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
  const t = useT();
  return (
    <StatusFrame>
      <span className={styles.badge} aria-hidden="true">
        <SearchX size={44} />
      </span>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('Page not found')}</h1>
      <p className={styles.text}>
        {t('This page does not exist or is not available yet. Let us get you back on track.')}
      </p>
      <div className={styles.actions}>
        <ButtonLink to="/" replace block large icon={<House size={20} aria-hidden="true" />}>
          {t('Go to Home')}
        </ButtonLink>
        <Button
          variant="ghost"
          block
          onClick={() => void navigate(-1)}
          icon={<ArrowLeft size={20} aria-hidden="true" />}
        >
          {t('Go back')}
        </Button>
      </div>
    </StatusFrame>
  );
}

/** A crash or a screen that failed to download (an old tab after an update): reloading fixes both. */
export function RouteErrorScreen() {
  const t = useT();
  return (
    <StatusFrame>
      <span className={styles.badge} aria-hidden="true">
        <TriangleAlert size={44} />
      </span>
      <h1 className={styles.title}>{t('Something went wrong')}</h1>
      <p className={styles.text}>{t('Please check your connection and reload the page.')}</p>
      <div className={styles.actions}>
        <Button
          block
          large
          onClick={() => window.location.reload()}
          icon={<RefreshCw size={20} aria-hidden="true" />}
        >
          {t('Reload')}
        </Button>
      </div>
    </StatusFrame>
  );
}
