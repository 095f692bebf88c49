import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from '../lib/router/index.ts';
import { useT } from '../lib/i18n/use-t.ts';
import styles from './Page.module.css';

/** One step back; a screen opened from a link (no history inside the app) goes home instead of leaving. */
function goBack(navigate: NavigateFunction): void {
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  if (typeof index === 'number' && index > 0) void navigate(-1);
  else void navigate('/', { replace: true });
}

/** An inner screen: its title under a back arrow that is exactly one step of history (design.md), then its body. */
export function Page({ title, children }: { title: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  const t = useT();
  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <button
          type="button"
          className={styles.back}
          onClick={() => goBack(navigate)}
          aria-label={t('Go back')}
        >
          <ArrowLeft size={24} aria-hidden="true" />
        </button>
        <h1 className={styles.title}>{title}</h1>
      </div>
      {children}
    </div>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={[styles.card, className].filter(Boolean).join(' ')}>{children}</section>;
}

// Form lives in Form.tsx: the login card uses it without the rest of this module.
export { Form } from './Form.tsx';
