import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentType, type InputHTMLAttributes, type ReactNode } from 'react';
import { useUiText } from '../lib/ui-text.ts';
import styles from './Field.module.css';

/** The props a field hands the element that takes the typing: the input's own and the value's two ends. */
export interface FieldControlProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  value: string;
  onValueChange: (value: string) => void;
}

function PlainInput({ onValueChange, ...rest }: FieldControlProps) {
  return <input {...rest} onChange={(event) => onValueChange(event.target.value)} />;
}

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'prefix'
> {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  icon?: ReactNode;
  prefix?: ReactNode;
  trailing?: ReactNode;
  inputClassName?: string;
  /**
   * What draws the input (default a plain `<input>`). A day field passes `DateInput` (`DateField` in
   * DateInput.tsx): importing it here put the date code on the player app's login form, which has no date
   * (decision 020: the first screens load what they draw).
   */
  control?: ComponentType<FieldControlProps>;
}

export function TextField({
  label,
  name,
  value,
  onValueChange,
  error,
  icon,
  prefix,
  trailing,
  inputClassName,
  control: Control = PlainInput,
  id,
  ...rest
}: TextFieldProps) {
  const generated = useId();
  const text = useUiText();
  const inputId = id ?? `${name}-${generated}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={[styles.control, error && styles.invalid].filter(Boolean).join(' ')}>
        {icon && (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        )}
        {prefix && (
          <span className={styles.prefix} aria-hidden="true">
            {prefix}
          </span>
        )}
        <Control
          {...rest}
          id={inputId}
          name={name}
          value={value}
          onValueChange={onValueChange}
          className={[styles.input, inputClassName].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {text(error)}
        </p>
      )}
    </div>
  );
}

type SpecialisedProps = Omit<TextFieldProps, 'type' | 'prefix' | 'trailing' | 'control'>;

export function PasswordField(props: SpecialisedProps) {
  const [visible, setVisible] = useState(false);
  const text = useUiText();
  const label = props.label.toLowerCase();
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setVisible((shown) => !shown)}
          aria-label={text(visible ? `Hide ${label}` : `Show ${label}`)}
          aria-pressed={visible}
        >
          {visible ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
        </button>
      }
    />
  );
}

// No maxLength on these inputs: the browser would cut a pasted "+91 98765 43210" before we could clean it.
const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > 10 && digits.startsWith('91') ? digits.slice(2, 12) : digits.slice(0, 10);
}

/** Indian mobile numbers: +91 shown, ten digits typed on the digit pad. */
export function PhoneField({ onValueChange, ...props }: SpecialisedProps) {
  return (
    <TextField
      {...props}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      prefix="+91"
      onValueChange={(value) => onValueChange(phoneDigits(value))}
    />
  );
}

/** A code typed on the digit pad: the player's 4-digit SMS codes, the console's 6-digit authenticator codes. */
export function OtpField({ onValueChange, length = 4, ...props }: SpecialisedProps & { length?: number }) {
  return (
    <TextField
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      inputClassName={styles.otp}
      onValueChange={(value) => onValueChange(digitsOnly(value, length))}
    />
  );
}
