import type { Tone } from '../lib/labels.ts';
import styles from './StatusPill.module.css';

export type { Tone };

/**
 * A state in words and colour (colour is never the only signal). The colours are the global `tone-*` classes:
 * success, danger and pending from `@gama/ui`'s layout.css, the console's own three from console.css.
 */
export function StatusPill({ tone, children }: { tone: Tone; children: string }) {
  return <span className={`${styles.pill} tone-${tone}`}>{children}</span>;
}
