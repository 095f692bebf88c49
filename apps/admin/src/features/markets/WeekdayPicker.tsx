import { WEEKDAY_NAMES } from '@gama/core/rules/dates';
import styles from './Markets.module.css';

/** Seven checkboxes, Sunday first: the weekdays a choice applies to. */
export function WeekdayPicker({
  legend,
  checked,
  onChange,
}: {
  legend: string;
  checked: readonly number[];
  onChange: (days: number[]) => void;
}) {
  return (
    <fieldset className={styles.weekdays}>
      <legend>{legend}</legend>
      {WEEKDAY_NAMES.map((name, day) => (
        <label key={name} className={styles.weekday}>
          <input
            type="checkbox"
            checked={checked.includes(day)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...checked, day].sort((a, b) => a - b)
                  : checked.filter((d) => d !== day),
              )
            }
          />
          {name.slice(0, 3)}
        </label>
      ))}
    </fieldset>
  );
}
