import { LogoMark } from '@gama/ui/Logo';
import type { ReactNode } from 'react';
import styles from './AuthFrame.module.css';

/** The frame of the screens before the desk: sign-in and the required two-factor enrolment. */
export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.screen}>
      <main className={styles.card}>
        <div className={styles.brand}>
          <LogoMark size={40} />
          <p>
            Gama <span>Console</span>
          </p>
        </div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </main>
    </div>
  );
}
