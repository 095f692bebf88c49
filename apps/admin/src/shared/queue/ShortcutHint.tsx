import styles from './ShortcutHint.module.css';

/** The queue keys, shown where there is a keyboard. */
export function ShortcutHint() {
  return (
    <p className={styles.hint}>
      Keys on a row: <kbd>j</kbd>/<kbd>k</kbd> next and previous, <kbd>a</kbd> approve, <kbd>r</kbd> reject,{' '}
      <kbd>Enter</kbd> open
    </p>
  );
}
