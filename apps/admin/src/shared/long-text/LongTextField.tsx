import fieldStyles from '@gama/ui/Field.module.css';
import { CircleAlert } from 'lucide-react';
import { useId, type TextareaHTMLAttributes } from 'react';
import styles from './LongTextField.module.css';

/** A paragraph field (a policy, a rule, a headline) in the look of the shared text field. */
export function LongTextField({
  label,
  hint,
  value,
  onValueChange,
  error,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  label: string;
  hint?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={[fieldStyles.control, error && fieldStyles.invalid].filter(Boolean).join(' ')}>
        <textarea
          {...rest}
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          className={styles.textarea}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
      </div>
      {error && (
        <p id={errorId} className={fieldStyles.error} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {error}
        </p>
      )}
    </div>
  );
}
