import styles from './StatusPill.module.css';

export type Tone = 'success' | 'danger' | 'pending' | 'warning' | 'info' | 'brand';

/** A state in words and colour (colour is never the only signal). */
export function StatusPill({ tone, children }: { tone: Tone; children: string }) {
  return <span className={[styles.pill, styles[tone]].join(' ')}>{children}</span>;
}
