import type { Tone } from '../lib/labels.ts';
import styles from './StatusPill.module.css';

export type { Tone };

/** A state in words and colour (colour is never the only signal). */
export function StatusPill({ tone, children }: { tone: Tone; children: string }) {
  return <span className={[styles.pill, styles[tone]].join(' ')}>{children}</span>;
}
