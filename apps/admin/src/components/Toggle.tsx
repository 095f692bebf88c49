import styles from './Toggle.module.css';

/** An on/off setting: a switch with its label and what it does, in one clickable line. */
export function Toggle({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled: boolean;
}) {
  return (
    <label className={styles.toggle}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <span className={styles.toggleLabel}>{label}</span>
        <span className={styles.hint}>{hint}</span>
      </span>
    </label>
  );
}
