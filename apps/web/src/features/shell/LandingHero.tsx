import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './Shell.module.css';

export function LandingHero() {
  const t = useT();
  return (
    <section className={styles.landingHero} aria-labelledby="landing-title">
      <p className={styles.landingKicker}>Gama Matka</p>
      <h2 id="landing-title" className={styles.landingTitle}>
        {t('Matka markets, results and charts in your pocket')}
      </h2>
      <ul className={styles.landingPoints}>
        <li>{t('Main markets')}</li>
        <li>StarLine</li>
        <li>Gali Disawar</li>
        <li>{t('UPI deposits')}</li>
      </ul>
    </section>
  );
}

/** Pulls the login card up over the hero's curve. */
export function LandingOverlap({ children }: { children: ReactNode }) {
  return <div className={styles.landingLogin}>{children}</div>;
}
