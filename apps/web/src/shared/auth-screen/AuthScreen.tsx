import type { ReactNode } from 'react';
import { LogoMark } from '@gama/ui/Logo';
import styles from './AuthScreen.module.css';

interface AuthScreenProps {
  title: string;
  subtitle?: string;
  /** Inside the landing frame the brand is already on screen, so the hero is left out. */
  showHero?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}

/** The sign-in frame: brand hero over a raised card, shared by the sign-in screens and every SMS-code step. */
export function AuthScreen({ title, subtitle, showHero = true, footer, children }: AuthScreenProps) {
  return (
    <div className={[styles.screen, !showHero && styles.embedded].filter(Boolean).join(' ')}>
      {showHero ? (
        <header className={styles.hero}>
          <LogoMark size={64} className={styles.logo} />
          <p className={styles.brand}>Gama</p>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
      ) : (
        <h1 className="visually-hidden">{title}</h1>
      )}
      <div className={[styles.card, !showHero && styles.plain].filter(Boolean).join(' ')}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}

export { styles as authStyles };
