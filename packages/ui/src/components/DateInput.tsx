import type { InputHTMLAttributes } from 'react';
import { useUiText } from '../lib/ui-text.ts';
import { TextField, type TextFieldProps } from './Field.tsx';
import styles from './Field.module.css';

export interface DateInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'type'
> {
  /** `YYYY-MM-DD`, or empty. */
  value: string;
  onValueChange: (value: string) => void;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * "28 Nov 2026" (the day first, as every date on the screens reads), in Hindi digits' order for a Hindi page.
 * Empty for a value that is not a whole day.
 */
export function shownDay(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return '';
  const locale = language.startsWith('hi') ? 'hi-IN' : 'en-IN';
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)));
}

/** What an empty day field shows: the order a day is written in here, never the browser's mm/dd/yyyy. */
export const DAY_PLACEHOLDER = 'dd-mm-yyyy';

/**
 * A day field that reads in Indian order whatever the browser's language: a native date input keeps the
 * picker, the keyboard and the form value (`YYYY-MM-DD`), and its own text, which follows the browser's locale
 * (mm/dd/yyyy in an American Chrome), is covered by the day as the screens write it. A tap anywhere opens the
 * picker.
 */
export function DateInput({ value, onValueChange, className, onClick, ...rest }: DateInputProps) {
  const language = typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
  const shown = shownDay(value, language);
  const text = useUiText();
  return (
    <span className={styles.dateBox}>
      <input
        {...rest}
        type="date"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onClick={(event) => {
          onClick?.(event);
          const input = event.currentTarget;
          // Not every browser has showPicker, and it refuses while the input is read-only or disabled.
          try {
            if (!input.readOnly && !input.disabled) input.showPicker();
          } catch {
            // The browser's own way of opening it is left.
          }
        }}
        className={[className, styles.dateNative].filter(Boolean).join(' ')}
        data-day={shown}
      />
      <span
        className={[styles.dateShown, !shown && styles.datePlaceholder].filter(Boolean).join(' ')}
        aria-hidden="true"
      >
        {shown || text(DAY_PLACEHOLDER)}
      </span>
    </span>
  );
}

/** A labelled day field: TextField's frame, label and error around a DateInput. */
export function DateField(props: Omit<TextFieldProps, 'type' | 'control'>) {
  return <TextField {...props} type="date" control={DateInput} />;
}
