import type { ReactNode } from 'react';
import { LogoMark } from '../../components/Logo.tsx';
import styles from './CodeScreen.module.css';

/** The frame of a code screen: the same hero and card as the sign-in code screens. */
export function CodeScreen({
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
      <header className={styles.hero}>
        <LogoMark size={64} className={styles.logo} />
        <p className={styles.brand}>Gama</p>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </header>
      <div className={styles.card}>{children}</div>
    </div>
  );
}

export { styles as codeStyles };
